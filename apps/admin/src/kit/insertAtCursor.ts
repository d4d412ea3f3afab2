/**
 * Inserting text at the cursor of the field the user is writing in (docs/spec-index.md S2.2 Mail templates: a placeholder goes
 * where the cursor is, in a text field or in the editor). The control that inserts keeps the focus where it was
 * (mousedown is prevented), so the target is the focused element; when focus has moved on (keyboard), the last
 * text field or editor that had it.
 */

interface EditorLike {
  chain(): { focus(): { insertContent(text: string): { run(): boolean } } };
}
/** TipTap puts its editor on the editable element (`dom.editor`). */
type EditorElement = HTMLElement & { editor?: EditorLike };

const isTextField = (el: Element | null): el is HTMLInputElement | HTMLTextAreaElement =>
  (el instanceof HTMLInputElement && ['text', 'search', 'email', 'url', ''].includes(el.type)) ||
  el instanceof HTMLTextAreaElement;

const editorOf = (el: Element | null): EditorLike | undefined =>
  (el?.closest('.ProseMirror') as EditorElement | null)?.editor ?? undefined;

/** Whether text can be inserted into the element. */
export const isInsertionTarget = (el: Element | null): el is HTMLElement =>
  !!el && ((isTextField(el) && !el.readOnly && !el.disabled) || editorOf(el) !== undefined);

/**
 * Inserts `text` at the cursor of `el` (replacing a selection) the way typing would: a React-controlled input
 * gets the new value through its native setter and an `input` event, so the form sees the change. Answers
 * whether anything was inserted.
 */
export function insertAtCursor(el: Element | null, text: string): boolean {
  const editor = editorOf(el);
  if (editor) return editor.chain().focus().insertContent(text).run();
  if (!isTextField(el) || el.readOnly || el.disabled) return false;
  const start = el.selectionStart ?? el.value.length;
  const end = el.selectionEnd ?? start;
  const next = el.value.slice(0, start) + text + el.value.slice(end);
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, next);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.focus();
  const cursor = start + text.length;
  el.setSelectionRange(cursor, cursor);
  return true;
}
