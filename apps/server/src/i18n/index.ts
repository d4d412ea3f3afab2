import { DEFAULT_LOCALE, isLocale, type Locale } from '@backoffice/shared';
import en from './en.json' with { type: 'json' };
import sk from './sk.json' with { type: 'json' };

const catalogues: Record<Locale, unknown> = { sk, en };

/** The text of a key in a language's catalogue, undefined when it has none. */
export function lookup(lang: Locale, key: string): string | undefined {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[lang]);
  return typeof found === 'string' ? found : undefined;
}

/** Translates a server message key into the request's language; `{{name}}` placeholders are filled. */
export function t(lang: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const text = lookup(lang, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** The language the client asked for in Accept-Language (sk or en), sk otherwise. */
export function languageOf(header: string | undefined): Locale {
  const first = header?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return isLocale(first) ? first : DEFAULT_LOCALE;
}
