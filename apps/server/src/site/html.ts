/** A piece of HTML that is already safe to send: escaped by `html`, or passed through `raw` on purpose. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

/** A value a template may interpolate: text is escaped, SafeHtml is kept, lists are joined, nothing is empty. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML element or a quoted attribute value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const render = (value: HtmlValue): string => {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(String(value));
};

/**
 * The one way the public site builds markup: every interpolated value is escaped unless it is SafeHtml (the
 * result of another `html` or of `raw`). `false`, `null` and `undefined` render nothing, so `${cond && html`…`}`
 * works.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Marks markup as safe as it is: only for rich text that went through the sanitiser, and for constants. */
export const raw = (markup: string) => new SafeHtml(markup);

/**
 * Where a page's `redirect` field may send a visitor: a path on this site (`/sk/contact`) or an http(s) URL,
 * normalised; anything else (`javascript:`, `//host`, `/\host`, relative names) is not followed (null).
 */
export function safeRedirect(value: string | null | undefined): string | null {
  const target = value?.trim();
  if (!target) return null;
  try {
    if (target.startsWith('/')) {
      const base = new URL('http://site.invalid');
      const url = new URL(target, base);
      return url.origin === base.origin ? `${url.pathname}${url.search}${url.hash}` : null;
    }
    const url = new URL(target);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
