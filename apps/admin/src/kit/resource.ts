import type { Abilities, Locale } from '@backoffice/shared';
import type { FormRule, TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { ResourceApi } from '../api/resource';
import type { I18nKey } from '../i18n';
import type { RouteName } from '../routes/paths';
import type { DetailDef } from './detail/detailDef';
import type { BulkMenuAction } from './list/BulkMenu';
import type { SafeParseSchema } from './zodForm';

/** The kinds of record the public site previews (the server's `/api/preview/{locale}/{kind}/{id|new}`). */
export type PreviewKind = 'page' | 'article' | 'reference';

export interface ListRowBase {
  id: number;
  deleted_at?: string | null;
}

export interface RecordBase {
  id: number;
  updated_at: string;
  deleted_at?: string | null;
}

export interface FilterOption {
  value: string;
  labelKey: I18nKey;
}

/** A custom filter control (e.g. options loaded from the server); `undefined` clears the filter. */
export interface FilterInputProps {
  id?: string;
  value?: string;
  onChange: (value: string | undefined) => void;
}

/** A list filter sent as `?<key>=<value>`: fixed options, or a control of its own. */
export interface FilterDef {
  key: string;
  labelKey: I18nKey;
  options?: readonly FilterOption[];
  Input?: ComponentType<FilterInputProps>;
}

export interface ColumnContext {
  t: TFunction;
  language: Locale;
}

export interface FieldsProps<Rec = unknown> {
  /** antd rules of a field from the resource's shared schema, by dotted path. */
  rules: (path: string) => FormRule[];
  creating: boolean;
  id: number | null;
  /** The loaded record while editing (undefined while creating or loading): what the form values do not hold, e.g. the current image. */
  record?: Rec;
}

export interface LocaleFieldsProps<Rec = unknown> extends FieldsProps<Rec> {
  locale: Locale;
}

/**
 * Everything the list/form kit needs to know about one resource: its calls, route, columns, filters,
 * shared schema and form body. A new resource is one of these, not a copied screen.
 */
export interface ResourceDef<Row extends ListRowBase, Rec extends RecordBase, Values, Input> {
  api: ResourceApi<Row, Rec, Input>;
  /** The list route; it has an optional `:id` segment that opens the form. */
  routeName: RouteName;
  labels: { title: I18nKey; create: I18nKey; edit: I18nKey };
  defaultSort: { sort: string; order: 'asc' | 'desc' };
  /** Data columns; a column is sortable when it has `sorter: true` and its `key` is the sort name. */
  columns: (context: ColumnContext) => TableColumnsType<Row>;
  filters?: readonly FilterDef[];
  /** Row actions of this resource beside edit and delete (e.g. preview); `abilities` are the list's. */
  RowActions?: ComponentType<{ row: Row; abilities?: Abilities }>;
  /**
   * What the user may do to one row, when the server says so per row (users: role 2 edits only itself and site
   * members; nobody removes the owner). Edit and delete are shown only where allowed; unset means the list's abilities.
   */
  rowAbilities?: (row: Row) => { update?: boolean; destroy?: boolean };
  /** The bulk menu's actions and labels (users: activate, block, remove); content lists' publish, hide, remove by default. */
  bulkActions?: readonly BulkMenuAction[];
  /** The server keeps this resource's revisions: its edit form offers "History" (docs/features/revisions.md). */
  history?: boolean;
  /**
   * A published record can keep its changes as a draft, not live until saved (docs/features/drafts.md): the form offers
   * "Save draft" and loads a record's draft, the list marks the rows that have one.
   */
  drafts?: boolean;
  /** The public site shows this kind of record: the form offers a live preview of its values (docs/features/drafts.md). */
  preview?: PreviewKind;
  /** A read-only resource (form submissions) opens this panel from its rows instead of a form. */
  detail?: DetailDef<Rec>;
  /** The create/edit form; a read-only resource has none. */
  form?: {
    schema: SafeParseSchema<Input>;
    /** The schema of an edit when it differs from the create one (users: the password is optional on edit). */
    updateSchema?: SafeParseSchema<Input>;
    empty: () => Values;
    fromRecord: (record: Rec) => Values;
    /**
     * Form fields outside the shared schema that go with the save as they are: file fields (`image`), whose
     * value is a File, the delete marker or nothing. The server checks them itself.
     */
    files?: readonly string[];
    /** The folder of this resource's images under /gallery (docs/data.md): the history shows `files` as its thumbnails. */
    imageModel?: string;
    /** Fields inside each locale tab; a resource without translated fields (users) has no tabs. */
    LocaleFields?: ComponentType<LocaleFieldsProps<Rec>>;
    /** Fields below the tabs (positions, status, …). */
    MainFields?: ComponentType<FieldsProps<Rec>>;
  };
}
