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
import { TranslationChanges } from '../TranslationChanges';
import { CopyFromOtherLocale, LocaleStateTag, translationOf } from '../translation';
import { zodRules } from '../zodForm';
import { DraftAlert } from './DraftAlert';
import { RecordDraftAlert, useRecordDraft, useRecordDraftActions } from './drafts';
import { fileValues } from './edits';
import { HistoryButton } from './HistoryDrawer';
import { LivePreview } from './LivePreview';
import { StaleAlert } from './StaleAlert';
import { useLocalDraft } from './useLocalDraft';
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
  // A published record's unpublished changes (docs/features/drafts.md) are loaded in place of the record.
  const recordDraft = useRecordDraft<Rec>(def.api, def.drafts && open && id !== null ? id : null);
  const kept = recordDraft.data?.data ?? undefined;
  const draftActions = useRecordDraftActions(def.api, id);
  const [previewing, setPreviewing] = useState(false);
  const offerDraft =
    !!def.drafts && id !== null && !!loaded && ((loaded as { status?: unknown }).status === true || !!kept);
  const abilities = record.data?.abilities ?? listAbilities;
  // An edit may have its own rules (users: the password is optional then).
  const schema = (id !== null && def.form.updateSchema) || def.form.schema;
  const rules = useMemo(() => zodRules(schema), [schema]);
  usePreloader(saving || (open && record.isFetching));

  const creating = id === null;
  const canSave = creating ? abilities?.create !== false : !!loaded && abilities?.update !== false;
  // The values typed so far, kept in the browser and offered back as the form opens (docs/features/admin-ui.md).
  const draft = useLocalDraft({ form, open, scope: def.api.key, recordId: id, omit: def.form.files });
  const { requestClose, settle, markClean, dirty } = useUnsavedGuard({
    form,
    open,
    onClose,
    onSave: canSave && !saving ? () => void save() : undefined,
    onDiscard: draft.remove,
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
    if (id === null) draft.check(null);
  }, [open, id, def.form, reset, markClean, draft.check]);

  // Every (re)load of the record replaces the form's values, discarding edits (also the 409 "Reload"). Only a file
  // picked while the record first loaded (its control is not locked then) stays: the load fills the rest around it.
  useEffect(() => {
    if (!open || id === null || !loaded || !record.dataUpdatedAt || recordDraft.isFetching) return;
    const picked = loadedUpdatedAt.current === undefined ? fileValues(form.getFieldsValue(true), def.form.files) : {};
    loadedUpdatedAt.current = loaded.updated_at;
    reset(def.form.fromRecord(kept?.data ?? loaded));
    markClean();
    form.setFieldsValue(picked);
    draft.check(loaded.updated_at);
  }, [
    open,
    id,
    loaded,
    kept,
    recordDraft.isFetching,
    record.dataUpdatedAt,
    def.form,
    reset,
    form,
    markClean,
    draft.check,
  ]);

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
      draft.saved();
      if (def.drafts) draftActions.published();
      onClose();
      void queryClient.invalidateQueries({ queryKey: listKey(def.api.key) });
      void queryClient.invalidateQueries({ queryKey: OPTIONS_KEY });
    });
  };

  // "Save draft": the form's values are kept, not live; the record's save publishes them (docs/features/drafts.md).
  const keepDraft = async () => {
    const checked = validate(schema);
    if (!checked || id === null) return;
    // An image is stored with the save: a draft holds no file.
    if (Object.keys(fileValues(checked.values, def.form.files)).length > 0) {
      notify('info', t('drafts.noFiles'));
      return;
    }
    await run(async () => {
      await draftActions.keep({ ...checked.data, updated_at: loadedUpdatedAt.current });
      settle();
      draft.saved();
      onClose();
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
              images={
                def.form.imageModel
                  ? { model: def.form.imageModel, fields: def.form.files ?? [], restored: true }
                  : undefined
              }
              canRestore={abilities?.update !== false}
              dirty={dirty}
            />
          )}
          <Button data-testid="form-close" onClick={requestClose}>
            {t('form.close')}
          </Button>
          {def.preview && (
            <Button data-testid="form-preview" onClick={() => setPreviewing(true)}>
              {t('livePreview.button')}
            </Button>
          )}
          {offerDraft && (
            <Button data-testid="form-save-draft" disabled={!canSave || saving} onClick={() => void keepDraft()}>
              {t('drafts.save')}
            </Button>
          )}
          <Button
            data-testid="form-save"
            type="primary"
            loading={saving}
            disabled={!canSave}
            onClick={() => void save()}
          >
            {saving ? t('form.saving') : kept ? t('drafts.publish') : t('form.save')}
          </Button>
        </Space>
      }
    >
      {def.preview && (
        <LivePreview
          form={form}
          kind={def.preview}
          id={id}
          locale={tab}
          open={open && previewing}
          onClose={() => setPreviewing(false)}
          omit={def.form.files}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        name={def.api.key}
        onFieldsChange={onFieldsChange}
        onValuesChange={draft.onValuesChange}
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
        {kept && (
          <RecordDraftAlert
            draft={kept}
            onDiscard={abilities?.update !== false ? () => draftActions.discard() : undefined}
          />
        )}
        {stale && <StaleAlert onReload={() => void record.refetch()} />}
        <DraftAlert draft={draft} />
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
                {!creating && id !== null && translationOf(record.data)?.[locale] === 'outdated' && (
                  <TranslationChanges
                    apiKey={def.api.key}
                    base={def.api.base}
                    id={id}
                    locale={locale}
                    canMark={abilities?.update !== false}
                  />
                )}
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
