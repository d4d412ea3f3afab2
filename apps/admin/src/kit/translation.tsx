// The translation workflow in the list/form kit (docs/features/translations.md): each row's state per locale, the
// list filter by it, the state on each locale tab while the user types, and "copy from the other language".
import { CopyOutlined, DownOutlined } from '@ant-design/icons';
import {
  isEmptyTranslation,
  LOCALES,
  type Locale,
  missingFields,
  otherLocale,
  TRANSLATION_FILTERS,
  type TranslationStatus,
} from '@backoffice/shared';
import { App, Button, Dropdown, Form, type FormInstance, Space, Tag, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nKey } from '../i18n';
import { confirmModalProps } from './list/confirm';
import { notify } from './notifications';
import type { FilterDef } from './resource';

const STATE_COLOURS = { complete: 'green', missing: 'orange', outdated: 'gold' } as const;

/**
 * The translation state of a row per locale as two small tags ("SK", "EN"), each with its state as a tooltip; the
 * locale that is behind says so ("Outdated: en").
 */
export function translationColumn<Row extends object>(t: TFunction): ColumnType<Row> {
  return {
    key: 'translation',
    title: t('translation.column'),
    render: (_: unknown, row: Row) => {
      const status = translationOf(row);
      return status ? (
        <Space size={2} data-testid="cell-translation">
          {LOCALES.map((locale) => {
            const state = status[locale] ?? 'complete';
            const label = t('translation.stateOf', {
              language: t(`language.${locale}`),
              state: t(`translation.state.${state}`),
            });
            return (
              <Tooltip key={locale} title={label}>
                <Tag color={STATE_COLOURS[state]} data-state={state} aria-label={label} className="bo-translation-tag">
                  {state === 'outdated' ? t('translation.outdatedIn', { locale }) : locale.toUpperCase()}
                </Tag>
              </Tooltip>
            );
          })}
        </Space>
      ) : null;
    },
  };
}

/** The list filter `translation=missing_sk|missing_en|outdated|outdated_sk|outdated_en` every translated list offers. */
export const translationFilter: FilterDef = {
  key: 'translation',
  labelKey: 'translation.filter',
  options: TRANSLATION_FILTERS.map((value) => ({ value, labelKey: `translation.filters.${value}` as I18nKey })),
};

/** The label of a field in the copy menu and the history drawer, from the forms' own labels. */
const FIELD_LABELS: Record<string, I18nKey> = {
  title: 'pageLike.fields.title',
  title_url: 'pageLike.fields.titleUrl',
  content: 'pageLike.fields.content',
  teaser: 'pageLike.fields.teaser',
  page_text: 'pageLike.fields.pageText',
  meta_title: 'pageLike.fields.metaTitle',
  meta_description: 'pageLike.fields.metaDescription',
  claim: 'pageLike.fields.claim',
  content_road: 'reference.fields.contentRoad',
  content_railway: 'reference.fields.contentRailway',
  panel_text: 'reference.fields.panelText',
  url: 'partner.fields.url',
  subject: 'mail.fields.subject',
  content_plain: 'mail.fields.contentPlain',
  status: 'list.status',
  image: 'pageLike.fields.image',
  poster: 'article.fields.poster',
};
export const fieldLabel = (t: TFunction, field: string) => (FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field);

type LangValues = Partial<Record<Locale, Record<string, unknown>>>;

/**
 * Where a form keeps its translated fields: the content's under `langs.<locale>.<field>` (`LANGS_LAYOUT`), the
 * settings' under `<key>.<locale>` (`perKeyLayout`). The tab state and the copy read and write through it.
 */
export interface LocaleLayout {
  /** The form path of one locale's field. */
  name: (locale: Locale, field: string) => (string | number)[];
  /** Each locale's translated fields out of the form's values. */
  read: (values: Record<string, unknown>) => LangValues;
}
export const LANGS_LAYOUT: LocaleLayout = {
  name: (locale, field) => ['langs', locale, field],
  read: (values) => (values.langs ?? {}) as LangValues,
};
/** A form holding each of `keys` as `{sk, en}` (the settings). */
export const perKeyLayout = (keys: readonly string[]): LocaleLayout => ({
  name: (locale, field) => [field, locale],
  read: (values) =>
    Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        Object.fromEntries(
          keys.map((key) => [key, (values[key] as Partial<Record<Locale, unknown>> | undefined)?.[locale]]),
        ),
      ]),
    ),
});

/** The translation state a list row or a record's answer carries, if its resource sends one. */
export const translationOf = (record: unknown): TranslationStatus | undefined =>
  (record as { translation?: TranslationStatus } | undefined)?.translation;

/**
 * A locale tab's translation state while the form is edited: `missing` when a field is empty that the other fills
 * (as the user types), else `outdated` when the record was loaded so (the other locale changed after it). Its own
 * component, so a keystroke renders this tag and not the form.
 */
export function LocaleStateTag({
  locale,
  form,
  loaded,
  layout = LANGS_LAYOUT,
}: {
  locale: Locale;
  form: FormInstance;
  loaded: TranslationStatus | undefined;
  layout?: LocaleLayout;
}) {
  const { t } = useTranslation();
  // A stable selector: the watch is registered once, not on every render.
  const select = useCallback((values: Record<string, unknown> | undefined) => layout.read(values ?? {}), [layout]);
  const langs = Form.useWatch(select, { form, preserve: true }) ?? {};
  const state =
    missingFields(langs, locale).length > 0 ? 'missing' : loaded?.[locale] === 'outdated' ? 'outdated' : undefined;
  if (!state) return null;
  return (
    <Tooltip title={t(`translation.tabHint.${state}`)}>
      <Tag
        className="bo-locale-state"
        color={STATE_COLOURS[state]}
        data-testid={`locale-state-${locale}`}
        data-state={state}
      >
        {state === 'outdated' ? t('translation.outdatedIn', { locale }) : t(`translation.tab.${state}`)}
      </Tag>
    </Tooltip>
  );
}

/**
 * "Copy from Slovak / English" at the top of a locale tab: fills this tab's empty fields from the other locale's
 * (all at once, or one field from the menu); a field already filled here is replaced only after a confirmation.
 */
export function CopyFromOtherLocale({
  locale,
  layout = LANGS_LAYOUT,
  labelOf,
}: {
  locale: Locale;
  layout?: LocaleLayout;
  /** A field's label in the menu and the confirmation; the content forms' labels by default. */
  labelOf?: (t: TFunction, field: string) => string;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const form = Form.useFormInstance();
  const from = otherLocale(locale);
  const values = () => layout.read(form.getFieldsValue(true));
  const set = (fields: string[]) => {
    const source = values()[from] ?? {};
    form.setFields(fields.map((field) => ({ name: layout.name(locale, field), value: source[field], touched: true })));
  };
  const copyEmpty = () => {
    const fields = missingFields(values(), locale);
    if (fields.length === 0) return notify('info', t('translation.nothingToCopy'));
    set(fields);
    notify('success', t('translation.copied', { n: fields.length }));
  };
  const copyOne = (field: string) => {
    const target = values()[locale]?.[field];
    if (isEmptyTranslation(target)) return set([field]);
    modal.confirm({
      title: t('translation.overwriteTitle'),
      content: t('translation.overwriteConfirm', { field: (labelOf ?? fieldLabel)(t, field) }),
      okText: t('translation.overwrite'),
      cancelText: t('confirm.cancel'),
      ...confirmModalProps(true),
      onOk: () => set([field]),
    });
  };
  const select = useCallback(
    (all: Record<string, unknown> | undefined) => layout.read(all ?? {})[from],
    [layout, from],
  );
  const source = Form.useWatch(select, { form, preserve: true });
  const fields = Object.keys(source ?? {}).filter((f) => !isEmptyTranslation(source?.[f]));
  return (
    <div className="bo-copy-locale">
      <Space.Compact size="small">
        <Button icon={<CopyOutlined />} data-testid={`copy-locale-${locale}`} onClick={copyEmpty}>
          {t(`translation.copyFrom.${from}`)}
        </Button>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: '', label: t('translation.copyEmpty') },
              ...fields.map((field) => ({
                key: field,
                label: <span data-testid={`copy-field-${locale}-${field}`}>{(labelOf ?? fieldLabel)(t, field)}</span>,
              })),
            ],
            onClick: ({ key }) => (key ? copyOne(key) : copyEmpty()),
          }}
        >
          <Button
            icon={<DownOutlined />}
            aria-label={t(`translation.copyFrom.${from}`)}
            data-testid={`copy-menu-${locale}`}
          />
        </Dropdown>
      </Space.Compact>
    </div>
  );
}
