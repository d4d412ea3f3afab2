import type { Locale } from '@backoffice/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { I18nKey } from '../../i18n';

export interface DetailContext {
  t: TFunction;
  language: Locale;
}

/** One line of a read-only panel: its label, and how the record shows it (plain text of `key` by default). */
export interface DetailField<Rec> {
  key: string;
  labelKey: I18nKey;
  render?: (record: Rec, context: DetailContext) => ReactNode;
}

/** A read-only resource (form submissions): the panel's title, what remove asks, and the fields in order. */
export interface DetailDef<Rec> {
  title: I18nKey;
  removeConfirm: I18nKey;
  fields: readonly DetailField<Rec>[];
}
