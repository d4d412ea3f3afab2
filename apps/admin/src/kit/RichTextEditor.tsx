import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { CharacterCount } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextProps } from './RichText';

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The editor's HTML, or '' when it holds no text (so an untouched editor compares equal to ''). */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

interface ToolProps {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

function Tool({ label, icon, active, disabled, onClick }: ToolProps) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active}
        icon={icon}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** The TipTap 3 editor behind RichText, loaded on demand with its ProseMirror dependencies. */
export default function RichTextEditor({ value, onChange, id, testId, ...aria }: RichTextProps) {
  const { t } = useTranslation();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      CharacterCount.configure({ wordCounter: countWords }),
    ],
    content: value ?? '',
    onUpdate: ({ editor: current }) => onChangeRef.current?.(htmlOf(current)),
  });

  // A value set from outside (a loaded record, a reset) replaces the document without echoing back.
  useEffect(() => {
    if ((value ?? '') !== htmlOf(editor)) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      // The storage is gone while React StrictMode destroys and re-creates the editor.
      words: e.storage.characterCount?.words() ?? 0,
      characters: e.storage.characterCount?.characters() ?? 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const editLink = () => {
    const previous = editor.getAttributes('link').href;
    const href = window.prompt(t('editor.linkPrompt'), typeof previous === 'string' ? previous : 'https://');
    if (href === null) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href.trim() === '') chain.unsetLink().run();
    else chain.setLink({ href: href.trim() }).run();
  };

  const chain = () => editor.chain().focus();
  return (
    <div className="bo-richtext" id={id} data-testid={testId} aria-invalid={aria['aria-invalid']}>
      <div className="bo-richtext-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        <Tool
          label={t('editor.bold')}
          icon={<BoldOutlined />}
          active={state.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <Tool
          label={t('editor.italic')}
          icon={<ItalicOutlined />}
          active={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <Divider orientation="vertical" />
        <Tool
          label={t('editor.heading2')}
          icon={<b>H2</b>}
          active={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <Tool
          label={t('editor.heading3')}
          icon={<b>H3</b>}
          active={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <Divider orientation="vertical" />
        <Tool
          label={t('editor.bulletList')}
          icon={<UnorderedListOutlined />}
          active={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        />
        <Tool
          label={t('editor.orderedList')}
          icon={<OrderedListOutlined />}
          active={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <Tool label={t('editor.link')} icon={<LinkOutlined />} active={state.link} onClick={editLink} />
        <Divider orientation="vertical" />
        <Tool
          label={t('editor.undo')}
          icon={<UndoOutlined />}
          disabled={!state.canUndo}
          onClick={() => chain().undo().run()}
        />
        <Tool
          label={t('editor.redo')}
          icon={<RedoOutlined />}
          disabled={!state.canRedo}
          onClick={() => chain().redo().run()}
        />
      </div>
      <EditorContent editor={editor} className="bo-richtext-content" />
      <div className="bo-richtext-footer" data-testid={testId ? `${testId}-counts` : undefined}>
        {t('editor.counts', { words: state.words, characters: state.characters })}
      </div>
    </div>
  );
}
