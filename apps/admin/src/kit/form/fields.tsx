import type { Locale } from '@backoffice/shared';
import type { FormRule } from 'antd';
import { Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { I18nKey } from '../../i18n';
import { ImageField } from '../ImageField';
import { galleryThumbUrl } from '../image';
import type { LoadedOptions } from '../list/OptionsFilter';
import { RichText } from '../RichText';
import { useTitleUrlAutoFill, useTitleUrlField } from '../titleUrl';
import { pathToName } from '../zodForm';

/**
 * The reusable fields of resource forms. Test ids: `field-<name>-<locale>` inside the locale tabs,
 * `field-<name>` outside them.
 */

interface LocaleFieldBase {
  locale: Locale;
  /** The field inside `langs.<locale>`. */
  name: string;
  labelKey: I18nKey;
  rules?: (path: string) => FormRule[];
  required?: boolean;
}

/** A one-line translated text (title, meta_title, claim…); `max` shows a counter that turns red above it. */
export function LocaleTextField({ locale, name, labelKey, rules, required, max }: LocaleFieldBase & { max?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={['langs', locale, name]}
      label={t(labelKey)}
      rules={rules?.(`langs.${locale}.${name}`)}
      required={required}
    >
      <Input
        data-testid={`field-${name}-${locale}`}
        maxLength={max ? undefined : 255}
        count={max ? { show: true, max } : undefined}
      />
    </Form.Item>
  );
}

/** A translated rich text (content, teaser, page_text). */
export function LocaleRichTextField({ locale, name, labelKey, rules }: LocaleFieldBase) {
  const { t } = useTranslation();
  return (
    <Form.Item name={['langs', locale, name]} label={t(labelKey)} rules={rules?.(`langs.${locale}.${name}`)}>
      <RichText testId={`field-${name}-${locale}`} />
    </Form.Item>
  );
}

export interface TitleUrlFieldProps {
  locale: Locale;
  labelKey: I18nKey;
  rules: (path: string) => FormRule[];
  creating: boolean;
  /** The edited record; null while creating. */
  id: number | null;
  /** The resource's remote check (POST), e.g. /api/content/category/validate/title_url. */
  checkUrl: string;
}

/**
 * title_url of one locale (docs/spec-index.md S1.5): filled from the title while creating (until edited by hand), checked
 * for uniqueness on the server 700 ms after the last change (errors.titleUrlUnique).
 */
export function TitleUrlField({ locale, labelKey, rules, creating, id, checkUrl }: TitleUrlFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  useTitleUrlAutoFill(form, locale, creating);
  const status = useTitleUrlField(form, `langs.${locale}.title_url`, checkUrl, {
    language_code: locale,
    id,
  });
  return (
    <Form.Item
      name={['langs', locale, 'title_url']}
      label={t(labelKey)}
      rules={rules(`langs.${locale}.title_url`)}
      required
      validateStatus={status === 'checking' ? 'validating' : undefined}
      hasFeedback={status === 'checking'}
    >
      <Input data-testid={`field-title_url-${locale}`} data-check={status} maxLength={255} />
    </Form.Item>
  );
}

/** The publish checkbox (`status`). */
export function StatusField({ labelKey }: { labelKey: I18nKey }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="status" valuePropName="checked">
      <Checkbox data-testid="field-status">{t(labelKey)}</Checkbox>
    </Form.Item>
  );
}

/** A required whole number outside the tabs (priority). */
export function NumberField({
  name,
  labelKey,
  rules,
  min,
}: {
  name: string;
  labelKey: I18nKey;
  rules: (path: string) => FormRule[];
  min?: number;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(labelKey)} rules={rules(name)} required>
      <InputNumber data-testid={`field-${name}`} min={min} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/**
 * The record's image (docs/spec-index.md S1.4, S1.5): the stored thumbnail under `/gallery/<model>/<id>/thumb/`, a chosen
 * file's preview, or cleared. The value goes with the save (list `image` in the resource's `form.files`).
 */
export function ImageFormField({
  labelKey,
  model,
  record,
  name = 'image',
}: {
  labelKey: I18nKey;
  /** The folder of this resource's images under /gallery (docs/data.md). */
  model: string;
  /** The record; its field `name` holds the stored file name. */
  record?: { id: number };
  /** The form field and record column (`image`, `poster`). */
  name?: string;
}) {
  const { t } = useTranslation();
  const stored = record ? (record as Record<string, unknown>)[name] : undefined;
  const current = record && typeof stored === 'string' ? galleryThumbUrl(model, record.id, stored) : null;
  return (
    <Form.Item name={name} label={t(labelKey)}>
      <ImageField currentUrl={current} testId={name === 'image' ? undefined : `field-${name}`} />
    </Form.Item>
  );
}

export interface OptionsSelectFieldProps {
  /** Dotted path of the field (`module_id`, `navigation.parent_id`); the test id is `field-<path>`. */
  path: string;
  labelKey: I18nKey;
  placeholderKey?: I18nKey;
  rules: (path: string) => FormRule[];
  /** An option-list query of api/options.ts. */
  options: LoadedOptions & { isFetching?: boolean };
  multiple?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Called when the user picks another value (not when the form is filled). */
  onChange?: (value: unknown) => void;
}

/** A select (or multi-select) whose options come from the server; searchable, clearable when optional. */
export function OptionsSelectField({
  path,
  labelKey,
  placeholderKey,
  rules,
  options,
  multiple,
  required,
  disabled,
  onChange,
}: OptionsSelectFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item name={pathToName(path)} label={t(labelKey)} rules={rules(path)} required={required}>
      <Select
        data-testid={`field-${path}`}
        mode={multiple ? 'multiple' : undefined}
        allowClear={!required}
        showSearch={{ optionFilterProp: 'label' }}
        disabled={disabled}
        loading={options.isFetching ?? options.isLoading}
        placeholder={placeholderKey ? t(placeholderKey) : undefined}
        options={options.data}
        onChange={onChange}
      />
    </Form.Item>
  );
}
