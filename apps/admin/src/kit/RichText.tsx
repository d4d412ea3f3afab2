import { lazy, Suspense } from 'react';

export interface RichTextProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  /** Test id of the editor; its word/character footer gets `<testId>-counts`. */
  testId?: string;
}

const RichTextEditor = lazy(() => import('./RichTextEditor'));

/**
 * Rich-text form control on TipTap 3 (value/onChange of an HTML string): headings, bold, italic, lists,
 * links, undo/redo, and a footer with word and character counts that ignore markup. The editor code loads
 * on first use, so list screens do not wait for it.
 */
export function RichText(props: RichTextProps) {
  return (
    <Suspense fallback={<div className="bo-richtext bo-richtext-placeholder" id={props.id} aria-busy="true" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
