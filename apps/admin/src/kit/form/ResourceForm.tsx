import type { Abilities } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Space } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPTIONS_KEY } from '../../api/options';
import { listKey, useResourceRecord } from '../../api/resource';
import { LocaleTabs } from '../LocaleTabs';
import { notify } from '../notifications';
import { usePreloader } from '../preloader';
import type { ListRowBase, RecordBase, ResourceDef } from '../resource';
import { CopyFromOtherLocale, LocaleStateTag, translationOf } from '../translation';
import { zodRules } from '../zodForm';
import { fileValues } from './edits';
import { HistoryButton } from './HistoryDrawer';
import { StaleAlert } from './StaleAlert';
import { useSaveCycle } from './useSaveCycle';
import { useUnsavedGuard } from './useUnsavedGuard';

export interface ResourceFormProps<Row extends ListRowBase, Rec extends RecordBase, Values, Input> {
  def: ResourceDef<Row, Rec, Values, Input> & { form: NonNullable<ResourceDef<Row, Rec, Values, Input>['form']> };
  /** The edited record; null creates. */
  id: number | null;
  open: boolean;
  /** What the list said the user may do, used until the record's own abilities arrive. */
  listAbilities?: Abilities;
  onClose: () => void;
}

/**
 * The slide-up create/edit form (docs/spec-index.md S1.4 Save flow): locale tabs, fields from the resource definition,
 * validation with the shared schema, preloader while loading and saving, server errors on the fields,
 * the item-deleted banner with restore, and the stale-update (409) alert with reload.
 */
export function ResourceForm<Row extends ListRowBase, Rec extends RecordBase, Values, Input>({
  def,
  id: requestedId,
  open,
  listAbilities,
  onClose,
}: ResourceFormProps<Row, Rec, Values, Input>) {
  const { t } = useTranslation();
  // A closing form keeps the record it showed: the list drops the id from the address as the form closes, and an
  // edit turned into a create would re-run the title_url checks without the id (an error could flash).
  const [shownId, setShownId] = useState(requestedId);
  if (open && requestedId !== shownId) setShownId(requestedId);
  const id = open ? requestedId : shownId;
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const { tab, setTab, errorLocales, saving, stale, validate, run, clearMarks, onFieldsChange } = useSaveCycle(form);
  const loadedUpdatedAt = useRef<string | undefined>(undefined);
  const record = useResourceRecord(def.api, open ? id : null);
  const loaded = record.data?.data;
  const abilities = record.data?.abilities ?? listAbilities;
  // An edit may have its own rules (users: the password is optional then).
  const schema = (id !== null && def.form.updateSchema) || def.form.schema;
  const rules = useMemo(() => zodRules(schema), [schema]);
  usePreloader(saving || (open && record.isFetching));

  const creating = id === null;
  const canSave = creating ? abilities?.create !== false : !!loaded && abilities?.update !== false;
  const { requestClose, settle, markClean } = useUnsavedGuard({
    form,
    open,
    onClose,
    onSave: canSave && !saving ? () => void save() : undefined,
  });

  const reset = useCallback(
    (values: Values) => {
      form.resetFields();
      form.setFieldsValue(values);
      clearMarks();
    },
    [form, clearMarks],
  );

  // Opening (or switching to another record) starts from the empty values; an edit's record fills them below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a different id must reset the form too
  useEffect(() => {
    if (!open) return;
    setTab('sk');
    loadedUpdatedAt.current = undefined;
    // Never show the previous record's values while another one loads.
    reset(def.form.empty());
    markClean();
  }, [open, id, def.form, reset, markClean]);

  // Every (re)load of the record replaces the form's values, discarding edits (also the 409 "Reload"). Only a file
  // picked while the record first loaded (its control is not locked then) stays: the load fills the rest around it.
  useEffect(() => {
    if (!open || id === null || !loaded || !record.dataUpdatedAt) return;
    const picked = loadedUpdatedAt.current === undefined ? fileValues(form.getFieldsValue(true), def.form.files) : {};
    loadedUpdatedAt.current = loaded.updated_at;
    reset(def.form.fromRecord(loaded));
    markClean();
    form.setFieldsValue(picked);
  }, [open, id, loaded, record.dataUpdatedAt, def.form, reset, form, markClean]);

  // A record that cannot be loaded closes the form; the shared error handler has shown why.
  useEffect(() => {
    if (open && record.isError) onClose();
  }, [open, record.isError, onClose]);

  const save = async () => {
    const checked = validate(schema);
    if (!checked) return;
    const input = { ...checked.data, ...fileValues(checked.values, def.form.files) };
    await run(async () => {
      const answer =
        id === null
          ? await def.api.create(input)
          : await def.api.update(id, { ...input, updated_at: loadedUpdatedAt.current });
      notify('success', answer.message);
      settle();
      onClose();
      void queryClient.invalidateQueries({ queryKey: listKey(def.api.key) });
      void queryClient.invalidateQueries({ queryKey: OPTIONS_KEY });
    });
  };

  const restore = async () => {
    if (id === null) return;
    await run(
      async () => {
        notify('success', (await def.api.restore(id)).message);
        await record.refetch();
        void queryClient.invalidateQueries({ queryKey: listKey(def.api.key) });
      },
      { marks: false },
    );
  };

  // The fields follow the form's store by themselves (Form.Item, useWatch): a render of the form around them (a tab's
  // error dot, saving) need not render them, six rich-text editors in a page included.
  const LocaleFields = useMemo(() => def.form.LocaleFields && memo(def.form.LocaleFields), [def.form.LocaleFields]);
  const MainFields = useMemo(() => def.form.MainFields && memo(def.form.MainFields), [def.form.MainFields]);
  return (
    <Drawer
      data-testid="resource-form"
      open={open}
      onClose={requestClose}
      placement="bottom"
      size="88vh"
      forceRender
      title={t(creating ? def.labels.create : def.labels.edit)}
      footer={
        <Space className="bo-form-footer">
          {def.history && !creating && id !== null && (
            <HistoryButton
              apiKey={def.api.key}
              base={def.api.base}
              id={id}
              current={loaded as never}
              images={def.form.imageModel ? { model: def.form.imageModel, fields: def.form.files ?? [] } : undefined}
              canRestore={abilities?.update !== false}
            />
          )}
          <Button data-testid="form-close" onClick={requestClose}>
            {t('form.close')}
          </Button>
          <Button
            data-testid="form-save"
            type="primary"
            loading={saving}
            disabled={!canSave}
            onClick={() => void save()}
          >
            {saving ? t('form.saving') : t('form.save')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        name={def.api.key}
        onFieldsChange={onFieldsChange}
        className="bo-resource-form"
        // While the record (re)loads its values are about to be replaced: typing then would be lost.
        disabled={!creating && record.isFetching}
      >
        {loaded?.deleted_at && !creating && (
          <Alert
            data-testid="item-deleted"
            type="warning"
            showIcon
            className="bo-form-alert"
            title={t('message.itemDeleted')}
            action={
              abilities?.restore ? (
                <Button data-testid="form-restore" size="small" onClick={() => void restore()}>
                  {t('form.restore')}
                </Button>
              ) : undefined
            }
          />
        )}
        {stale && <StaleAlert onReload={() => void record.refetch()} />}
        {LocaleFields && (
          <LocaleTabs
            activeKey={tab}
            onChange={setTab}
            errorLocales={errorLocales}
            extra={(locale) => (
              <LocaleStateTag locale={locale} form={form} loaded={creating ? undefined : translationOf(record.data)} />
            )}
          >
            {(locale) => (
              <>
                <CopyFromOtherLocale locale={locale} />
                <LocaleFields
                  locale={locale}
                  rules={rules}
                  creating={creating}
                  id={id}
                  record={creating ? undefined : loaded}
                />
              </>
            )}
          </LocaleTabs>
        )}
        {MainFields && <MainFields rules={rules} creating={creating} id={id} record={creating ? undefined : loaded} />}
      </Form>
    </Drawer>
  );
}
