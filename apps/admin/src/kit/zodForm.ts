import { isLocale, type Locale } from '@backoffice/shared';
import type { FormInstance, FormRule } from 'antd';
import { translateMessage } from '../i18n';

/** What the adapter needs from a zod schema; any shared schema fits without importing zod here. */
export interface SafeParseSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** Field errors keyed by dotted path, values are message keys: `{'langs.sk.title': ['errors.min3']}`. */
export type FieldErrors = Record<string, string[]>;

export type ZodValidation<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

type FieldData = Parameters<FormInstance['setFields']>[0][number];
export type NamePath = (string | number)[];

/** Validates form values with a shared schema and groups the issues by dotted path, in schema order. */
export function zodValidate<T>(schema: SafeParseSchema<T>, values: unknown): ZodValidation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= [];
    errors[path].push(issue.message);
  }
  return { success: false, errors };
}

/** `langs.sk.title` → ['langs', 'sk', 'title']; numeric segments become list indexes. */
export function pathToName(path: string): NamePath {
  return path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/**
 * The locale tab that holds a field: `langs.en.title` → 'en', and a settings value `meta_title.en` → 'en' (docs/api.md
 * Settings: `{key: {sk, en}}`); fields outside the tabs → undefined.
 */
export function localeOfPath(path: string): Locale | undefined {
  const parts = path.split('.');
  if (parts[0] === 'langs') return isLocale(parts[1]) ? parts[1] : undefined;
  return parts.length === 2 && isLocale(parts[1]) ? parts[1] : undefined;
}

/** Field errors as antd field data, each message key translated. */
export function toFieldData(errors: FieldErrors): FieldData[] {
  return Object.entries(errors).map(([path, messages]) => ({
    name: pathToName(path),
    errors: messages.map(translateMessage),
  }));
}

/** The locales whose tabs hold one of these errors (for the red dot on the tab). */
export const errorLocalesOf = (errors: FieldErrors): Locale[] => [
  ...new Set(
    Object.keys(errors)
      .map(localeOfPath)
      .filter((locale): locale is Locale => locale !== undefined),
  ),
];

/** The locales whose tabs hold a field the form currently shows an error on. */
export const formErrorLocales = (form: FormInstance): Locale[] =>
  errorLocalesOf(
    Object.fromEntries(
      form
        .getFieldsError()
        .filter((field) => field.errors.length > 0)
        .map((field) => [field.name.join('.'), field.errors]),
    ),
  );

/**
 * Shows field errors in a form: sets them, switches to the locale tab of the first one and scrolls to it
 * (docs/spec-index.md S1.4). Returns the first path, if any.
 */
export function applyFieldErrors(
  form: FormInstance,
  errors: FieldErrors,
  showLocale?: (locale: Locale) => void,
): string | undefined {
  const paths = Object.keys(errors);
  if (paths.length === 0) return undefined;
  form.setFields(toFieldData(errors));
  const first = paths[0];
  const locale = localeOfPath(first);
  if (locale && showLocale) showLocale(locale);
  // Wait for the tab to switch before scrolling, so the field is visible.
  setTimeout(() => form.scrollToField(pathToName(first), { behavior: 'smooth', block: 'center' }), 50);
  return first;
}

/**
 * antd rules for one field taken from the shared schema: the whole form is validated and only the
 * issues of this field are shown, translated. Usage: `<Form.Item rules={rules('langs.sk.title')}>`.
 */
export function zodRules<T>(schema: SafeParseSchema<T>): (path: string) => FormRule[] {
  return (path) => [
    (form) => ({
      validator: async () => {
        const result = zodValidate(schema, form.getFieldsValue(true));
        const messages = result.success ? undefined : result.errors[path];
        if (messages?.length) throw new Error(translateMessage(messages[0]));
      },
    }),
  ];
}
