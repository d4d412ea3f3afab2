import { lazy, Suspense } from 'react';
import type { RichTextProps } from './RichTextEditor';

export type { RichTextProps } from './RichTextEditor';

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
