import {
  DELETE_MARKER,
  LOCALES,
  type Locale,
  SETTINGS,
  SETTINGS_READONLY,
  type SettingsSecrets,
  type SettingsValues,
  settingsNameOf,
} from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, type FormRule, Input, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import { type ComponentType, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../api/options';
import { saveSettings, settingsKey, useSettings } from '../../api/settings';
import type { I18nKey } from '../../i18n';
import { ImageField } from '../ImageField';
import { galleryThumbUrl } from '../image';
import { LocaleTabs } from '../LocaleTabs';
import { notify } from '../notifications';
import { usePreloader } from '../preloader';
import { CopyFromOtherLocale, LocaleStateTag, perKeyLayout } from '../translation';
import { type SafeParseSchema, zodRules } from '../zodForm';
import { DraftAlert } from './DraftAlert';
import type { RecordLike } from './differences';
import { HistoryButton } from './HistoryDrawer';
import { StaleAlert } from './StaleAlert';
import { useLocalDraft } from './useLocalDraft';
import { useSaveCycle } from './useSaveCycle';
import { useUnsavedGuard } from './useUnsavedGuard';

/** What a settings field component receives. */
export interface SettingsFieldsProps {
  locale: Locale;
  rules: (path: string) => FormRule[];
  /** The loaded record (stored image names among it). */
  values?: SettingsValues;
  /** What the server says of each stored secret (`{key: {sk: {set, last4}}}`), never its value. */
  secrets?: SettingsSecrets;
  /** Whether this user may replace or clear a secret (role 1). */
  canChangeSecrets: boolean;
}

/** One of the four settings screens (docs/spec-index.md S2.2 Settings): its record, title, shared schema and fields. */
export interface SettingsDef {
  id: number;
  titleKey: I18nKey;
  schema: SafeParseSchema<object>;
  /** The keys that hold image files (og_image, favicon): sent only when a file is chosen or cleared. */
  images?: readonly string[];
  /** The write-only keys (`SETTINGS_SECRETS`): their fields start empty, and only a new value or `@delete@` is sent. */
  secrets?: readonly string[];
  Fields: ComponentType<SettingsFieldsProps>;
}

const NONE: readonly string[] = [];
/** A settings screen is never closed, only left: the unsaved-changes question comes with a route change or the tab's closing. */
const NEVER_CLOSED = () => undefined;

/** `/gallery/settings/{id}/thumb/` (docs/spec-index.md S2.3). */
const SETTINGS_MEDIA = 'settings';

/**
 * The form values of a record: every key per locale, images left out (their fields hold a new file or nothing),
 * secrets empty (their fields hold a new value, `@delete@` or nothing).
 */
function formValues(
  values: SettingsValues,
  images: readonly string[],
  secrets: readonly string[],
): Record<string, Record<Locale, unknown>> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => !images.includes(key))
      .map(([key, perLocale]) => [key, secrets.includes(key) ? { sk: '', en: '' } : { ...perLocale }]),
  );
}

/**
 * The secrets a save sends: only the locales that carry a new value or `@delete@` (the server keeps the rest), and
 * none at all for a user who may not change them.
 */
function withSecrets(data: object, secrets: readonly string[], canChange: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const key of secrets) {
    const perLocale = (out[key] ?? {}) as Partial<Record<Locale, unknown>>;
    const changed = Object.fromEntries(
      LOCALES.filter((l) => typeof perLocale[l] === 'string' && perLocale[l] !== '').map((l) => [l, perLocale[l]]),
    );
    if (canChange && Object.keys(changed).length > 0) out[key] = changed;
    else delete out[key];
  }
  return out;
}

/** The keys of a record whose two locales are a translation of each other: all but the images, secrets and read-only. */
function translatedKeys(def: SettingsDef): string[] {
  const name = settingsNameOf(def.id);
  const skipped = new Set([
    ...(def.images ?? []),
    ...(def.secrets ?? []),
    ...((name && SETTINGS_READONLY[name]) ?? []),
  ]);
  return name ? SETTINGS[name].keys.filter((key) => !skipped.has(key)) : [];
}

/**
 * A record as its revisions keep it (docs/features/revisions.md): each key's values by locale under `langs`, the
 * secrets left out; the history drawer compares a version with it.
 */
function asRevision(values: SettingsValues, secrets: readonly string[], updatedAt: string): RecordLike {
  const keys = Object.keys(values).filter((key) => !secrets.includes(key));
  const langs = Object.fromEntries(
    LOCALES.map((l) => [l, Object.fromEntries(keys.map((key) => [key, values[key]?.[l] ?? null]))]),
  );
  return { langs, updated_at: updatedAt };
}

/** A settings field's label (`settings.fields.<key>`). */
const settingsLabel = (t: TFunction, key: string) => t(`settings.fields.${key}` as I18nKey, key);

/** The image fields that hold something to send (a File or the delete marker), as `{key: {locale: value}}`. */
function imageValues(values: Record<string, unknown>, images: readonly string[]) {
  const out: Record<string, Partial<Record<Locale, unknown>>> = {};
  for (const key of images) {
    const perLocale = (values[key] ?? {}) as Partial<Record<Locale, unknown>>;
    for (const locale of LOCALES) {
      const value = perLocale[locale];
      if (value instanceof File || value === DELETE_MARKER) out[key] = { ...out[key], [locale]: value };
    }
  }
  return out;
}

/**
 * A settings screen (docs/spec-index.md S2.2): a tab per locale and a save button. Values are checked with the record's shared
 * schema before anything is sent; errors (the client's or the server's 422) mark their fields, the tab of the
 * first one opens and a dot marks each tab with errors. A 409 (someone saved in between) offers a reload.
 */
export function SettingsForm({ def }: { def: SettingsDef }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const images = def.images ?? NONE;
  const secrets = def.secrets ?? NONE;
  const record = useSettings(def.id);
  const { tab, setTab, errorLocales, saving, stale, validate, run, clearMarks, onFieldsChange } = useSaveCycle(form);
  const loadedAt = useRef<string | undefined>(undefined);
  const rules = useMemo(() => zodRules(def.schema), [def.schema]);
  const canSave = record.data?.abilities?.update !== false;
  const canChangeSecrets = canSave && record.data?.abilities?.updateSecrets === true;
  usePreloader(saving || record.isFetching);
  // Unsaved work kept safe as in a resource form (docs/features/admin-ui.md): the question before leaving with edits,
  // Ctrl+S, and the values kept in the browser (images and secrets never).
  const omitted = useMemo(() => [...images, ...secrets], [images, secrets]);
  const draft = useLocalDraft({ form, open: true, scope: 'settings', recordId: def.id, omit: omitted });
  const { markClean, dirty } = useUnsavedGuard({
    form,
    open: true,
    onClose: NEVER_CLOSED,
    onSave: record.data && canSave && !saving ? () => void save() : undefined,
    onDiscard: draft.remove,
  });
  // The translation workflow of its locale tabs (docs/features/translations.md): each tab's missing fields as the
  // user types and "Copy from the other language", over the keys whose locales translate each other.
  const layout = useMemo(() => perKeyLayout(translatedKeys(def)), [def]);
  const current = useMemo(
    () => record.data && asRevision(record.data.data, secrets, record.data.updated_at),
    [record.data, secrets],
  );

  // Every (re)load replaces the values (also after a save and the 409 "Reload").
  // biome-ignore lint/correctness/useExhaustiveDependencies: images and secrets are derived from def
  useEffect(() => {
    if (!record.data || !record.dataUpdatedAt) return;
    loadedAt.current = record.data.updated_at;
    form.resetFields();
    form.setFieldsValue(formValues(record.data.data, images, secrets));
    clearMarks();
    markClean();
    draft.check(record.data.updated_at);
  }, [form, record.data, record.dataUpdatedAt, def, clearMarks, markClean, draft.check]);

  const save = async () => {
    const checked = validate(def.schema);
    if (!checked) return;
    await run(async () => {
      const answer = await saveSettings(def.id, {
        ...withSecrets(checked.data, secrets, canChangeSecrets),
        ...imageValues(checked.values, images),
        updated_at: loadedAt.current,
      });
      notify('success', answer.message);
      draft.saved();
      queryClient.setQueryData(settingsKey(def.id), (old: object | undefined) => ({
        ...old,
        data: answer.data,
        secrets: answer.secrets,
        updated_at: answer.updated_at,
      }));
    });
  };

  const saveButton = (testId: string) => (
    <Button
      data-testid={testId}
      type="primary"
      loading={saving}
      disabled={!record.data || !canSave}
      onClick={() => void save()}
    >
      {saving ? t('form.saving') : t('form.save')}
    </Button>
  );

  const { Fields } = def;
  return (
    <Card
      title={t(def.titleKey)}
      className="bo-settings"
      data-testid="settings-form"
      extra={
        <Space>
          <HistoryButton
            apiKey="settings"
            base="/api/settings/"
            id={def.id}
            current={current}
            images={images.length > 0 ? { model: SETTINGS_MEDIA, fields: images } : undefined}
            labelOf={(key) => settingsLabel(t, key)}
            canRestore={canSave}
            onRestored={() => void record.refetch()}
            dirty={dirty}
          />
          {saveButton('settings-save')}
        </Space>
      }
    >
      {stale && <StaleAlert onReload={() => void record.refetch()} />}
      <DraftAlert draft={draft} />
      {record.data && !canSave && (
        <Alert type="info" showIcon className="bo-form-alert" title={t('settings.readOnly')} />
      )}
      <Form
        form={form}
        layout="vertical"
        name={`settings-${def.id}`}
        onFieldsChange={onFieldsChange}
        onValuesChange={draft.onValuesChange}
        disabled={!record.data || record.isFetching}
      >
        <LocaleTabs
          activeKey={tab}
          onChange={setTab}
          errorLocales={errorLocales}
          extra={(locale) => <LocaleStateTag locale={locale} form={form} loaded={undefined} layout={layout} />}
        >
          {(locale) => (
            <>
              {canSave && <CopyFromOtherLocale locale={locale} layout={layout} labelOf={settingsLabel} />}
              <Fields
                locale={locale}
                rules={rules}
                values={record.data?.data}
                secrets={record.data?.secrets}
                canChangeSecrets={canChangeSecrets}
              />
            </>
          )}
        </LocaleTabs>
      </Form>
      <div className="bo-settings-footer">{saveButton('settings-save-bottom')}</div>
    </Card>
  );
}

interface SettingsFieldProps {
  locale: Locale;
  name: string;
  labelKey: I18nKey;
  rules: (path: string) => FormRule[];
  required?: boolean;
  disabled?: boolean;
  /** A counter that turns red above `max`. */
  max?: number;
  textarea?: boolean;
}

/** A text value of one locale (`<name>.<locale>`); test id `field-<name>-<locale>`. */
export function SettingsTextField({
  locale,
  name,
  labelKey,
  rules,
  required,
  disabled,
  max,
  textarea,
}: SettingsFieldProps) {
  const { t } = useTranslation();
  const testId = `field-${name}-${locale}`;
  const count = max ? { show: true, max } : undefined;
  return (
    <Form.Item name={[name, locale]} label={t(labelKey)} rules={rules(`${name}.${locale}`)} required={required}>
      {textarea ? (
        <Input.TextArea data-testid={testId} autoSize={{ minRows: 2, maxRows: 8 }} count={count} disabled={disabled} />
      ) : (
        <Input data-testid={testId} count={count} maxLength={max ? undefined : 255} disabled={disabled} />
      )}
    </Form.Item>
  );
}

/** A select of one locale (contact_country_id) whose options come from the server. */
export function SettingsSelectField({
  locale,
  name,
  labelKey,
  rules,
  options,
  loading,
}: Omit<SettingsFieldProps, 'max' | 'textarea' | 'disabled'> & {
  options: { value: SelectOption['value'] | string; label: string }[];
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={[name, locale]} label={t(labelKey)} rules={rules(`${name}.${locale}`)} required>
      <Select
        data-testid={`field-${name}-${locale}`}
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        options={options}
      />
    </Form.Item>
  );
}

/** An image of one locale (og_image, favicon): the stored thumbnail under /gallery/settings/{id}/thumb/. */
export function SettingsImageField({
  locale,
  name,
  labelKey,
  settingsId,
  values,
}: {
  locale: Locale;
  name: string;
  labelKey: I18nKey;
  settingsId: number;
  values?: SettingsValues;
}) {
  const { t } = useTranslation();
  const stored = values?.[name]?.[locale];
  const current = typeof stored === 'string' && stored ? galleryThumbUrl(SETTINGS_MEDIA, settingsId, stored) : null;
  return (
    <Form.Item name={[name, locale]} label={t(labelKey)}>
      <ImageField currentUrl={current} testId={`field-${name}-${locale}`} />
    </Form.Item>
  );
}
