import {
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  FolderOpenOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  LoadingOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  TableOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { CharacterCount } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadEditorImage } from '../api/upload';
import { FileManagerModal } from './filemanager/FileManagerModal';
import type { PickedFile } from './filemanager/pickMessage';
import { checkImageFile } from './image';
import { notify, notifyFailure } from './notifications';

export interface RichTextProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  /** Test id of the editor; its word/character footer gets `<testId>-counts`. */
  testId?: string;
}

const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** One configuration for every editor: TipTap builds each editor's own instances from it. */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
  CharacterCount.configure({ wordCounter: countWords }),
  Image.configure({ inline: false, allowBase64: false }),
  Table.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
];

/** The editor's HTML, or '' when it holds no text (so an untouched editor compares equal to ''). */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** The text of the form's `<label for={id}>`, which points at the wrapper and so cannot name the editable area. */
const labelText = (id: string | undefined) =>
  (id && document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent) || undefined;

interface ToolProps {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  testId?: string;
  onClick: () => void;
}

function Tool({ label, icon, active, disabled, testId, onClick }: ToolProps) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        data-testid={testId}
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

  // The editable area is named by the field's label (read when the view draws, once the label is in the page).
  const [editorProps] = useState(() => ({
    attributes: () => ({ 'aria-label': labelText(id) ?? t('editor.area') }),
  }));
  // useEditor compares its options with the editor's after every render and, when one differs, reconfigures the
  // editor and redraws its view: every option keeps its identity (the document is the value effect's job below).
  const [initialContent] = useState(() => value ?? '');
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor: current }) => onChangeRef.current?.(htmlOf(current)),
  });

  // A value set from outside (a loaded record, a reset) replaces the document without echoing back.
  // An editor that React StrictMode (or an unmount) destroyed has no schema left: the next one takes the value.
  useEffect(() => {
    if (editor.isDestroyed) return;
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
      image: e.isActive('image'),
      table: e.isActive('table'),
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

  // The selected image's alternative text, in this field's language (each locale has its own content).
  const editImageAlt = () => {
    const previous = editor.getAttributes('image').alt;
    const alt = window.prompt(t('editor.imageAltPrompt'), typeof previous === 'string' ? previous : '');
    if (alt === null) return;
    editor.chain().focus().updateAttributes('image', { alt: alt.trim() }).run();
  };

  // Editor images: chosen in a hidden file input, checked like any image field, uploaded, then inserted.
  const imageInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const insertImage = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      notify('danger', t(problem));
      return;
    }
    setUploading(true);
    try {
      const src = await uploadEditorImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch (error) {
      notifyFailure('editor.imageError', error);
    } finally {
      setUploading(false);
    }
  };

  // A file picked in the file manager: an image goes in as an image, anything else as a link (on the selected
  // text, or the file's name as the link's text).
  const [filesOpen, setFilesOpen] = useState(false);
  const insertPicked = (file: PickedFile) => {
    const at = editor.chain().focus();
    if (file.image) at.setImage({ src: file.url, alt: file.name.replace(/\.[^.]+$/, '') }).run();
    else if (!editor.state.selection.empty) at.setLink({ href: file.url }).run();
    else
      at.insertContent({ type: 'text', text: file.name, marks: [{ type: 'link', attrs: { href: file.url } }] }).run();
  };

  const chain = () => editor.chain().focus();
  const tools = testId ?? 'editor';
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
          label={t('editor.heading2Tool')}
          icon={<b>H2</b>}
          active={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <Tool
          label={t('editor.heading3Tool')}
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
        <Divider orientation="vertical" />
        <Tool
          label={t('editor.link')}
          icon={<LinkOutlined />}
          active={state.link}
          testId={`${tools}-link`}
          onClick={editLink}
        />
        <Tool
          label={t('editor.image')}
          icon={uploading ? <LoadingOutlined /> : <PictureOutlined />}
          disabled={uploading}
          testId={`${tools}-image`}
          onClick={() => imageInput.current?.click()}
        />
        <Tool
          label={t('editor.imageAlt')}
          icon={<b>ALT</b>}
          disabled={!state.image}
          testId={`${tools}-image-alt`}
          onClick={editImageAlt}
        />
        <Tool
          label={t('filemanager.insertFile')}
          icon={<FolderOpenOutlined />}
          testId={`${tools}-files`}
          onClick={() => setFilesOpen(true)}
        />
        <input
          ref={imageInput}
          type="file"
          accept="image/*"
          style={{ display: 'none' }}
          data-testid={`${tools}-image-input`}
          onChange={(event) => {
            void insertImage(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Divider orientation="vertical" />
        <Tool
          label={t('editor.tableInsert')}
          icon={<TableOutlined />}
          testId={`${tools}-table`}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        />
        <Tool
          label={t('editor.rowAdd')}
          icon={<InsertRowBelowOutlined />}
          disabled={!state.table}
          testId={`${tools}-row-add`}
          onClick={() => chain().addRowAfter().run()}
        />
        <Tool
          label={t('editor.rowDelete')}
          icon={<DeleteRowOutlined />}
          disabled={!state.table}
          testId={`${tools}-row-delete`}
          onClick={() => chain().deleteRow().run()}
        />
        <Tool
          label={t('editor.columnAdd')}
          icon={<InsertRowRightOutlined />}
          disabled={!state.table}
          testId={`${tools}-column-add`}
          onClick={() => chain().addColumnAfter().run()}
        />
        <Tool
          label={t('editor.columnDelete')}
          icon={<DeleteColumnOutlined />}
          disabled={!state.table}
          testId={`${tools}-column-delete`}
          onClick={() => chain().deleteColumn().run()}
        />
        <Tool
          label={t('editor.tableDelete')}
          icon={<DeleteOutlined />}
          disabled={!state.table}
          testId={`${tools}-table-delete`}
          onClick={() => chain().deleteTable().run()}
        />
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
      <FileManagerModal open={filesOpen} onClose={() => setFilesOpen(false)} onPick={insertPicked} />
    </div>
  );
}
