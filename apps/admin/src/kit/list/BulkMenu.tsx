import { DownOutlined } from '@ant-design/icons';
import type { Abilities, BulkAction } from '@backoffice/shared';
import { App, Button, Dropdown, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useModuleCategories } from '../../api/categories';
import type { I18nKey } from '../../i18n';
import { confirmModalProps } from './confirm';

/** One entry of the bulk menu: the action sent to `array/{key}`, its label and its confirmation (with `{{n}}`). */
export interface BulkMenuAction<A extends string = string> {
  key: A;
  labelKey: I18nKey;
  confirmKey: I18nKey;
  /** Removes rows: red, and offered only with `canDestroy`. */
  destroy?: boolean;
  /** Offered only with `canDestroy` too: an administrator's action that is not a removal (users: activate, block). */
  restricted?: boolean;
  /** Offered only when the list's abilities grant this (a duplicate creates, a category assignment updates). */
  needs?: 'create' | 'update';
  /** The confirmation asks for a category of this module, sent as `category_id` (the bulk "assign a category"). */
  categoryOf?: number;
  /** A removal the list can take back: its notification offers "Undo" (`array/restore`) to those who may restore. */
  undo?: boolean;
}

/** Copies of the selected records as hidden drafts (docs/features/content.md "Duplicate and assign a category"). */
export const DUPLICATE_BULK_ACTION: BulkMenuAction = {
  key: 'duplicate',
  labelKey: 'list.bulkActions.duplicate',
  confirmKey: 'list.bulkConfirm.duplicate',
  needs: 'create',
};

/** Adds a category of `moduleId` to the selected records (lists whose records have categories). */
export const categoryBulkAction = (moduleId: number): BulkMenuAction => ({
  key: 'category',
  labelKey: 'list.bulkActions.category',
  confirmKey: 'list.bulkConfirm.category',
  needs: 'update',
  categoryOf: moduleId,
});

/** The content lists' actions (docs/spec-index.md S1.4): publish, hide and remove. */
export const CONTENT_BULK_ACTIONS: readonly BulkMenuAction<BulkAction>[] = [
  { key: 'publish', labelKey: 'list.bulkActions.publish', confirmKey: 'list.bulkConfirm.publish' },
  { key: 'hide', labelKey: 'list.bulkActions.hide', confirmKey: 'list.bulkConfirm.hide' },
  {
    key: 'destroy',
    labelKey: 'list.bulkActions.destroy',
    confirmKey: 'list.bulkConfirm.destroy',
    destroy: true,
    undo: true,
  },
];

/** The actions a user may pick: removals and restricted ones only with `canDestroy`, the others as `abilities` grant. */
export const offeredBulkActions = <A extends string>(
  actions: readonly BulkMenuAction<A>[],
  canDestroy: boolean,
  abilities?: Partial<Abilities>,
): readonly BulkMenuAction<A>[] =>
  actions.filter(
    (action) =>
      (canDestroy || !(action.destroy || action.restricted)) && (!action.needs || Boolean(abilities?.[action.needs])),
  );

/** The category picker of an "assign a category" confirmation; reports the choice as it changes. */
function CategoryChoice({ moduleId, onChange }: { moduleId: number; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const options = useModuleCategories(moduleId);
  return (
    <Form.Item label={t('list.bulkCategory')} layout="vertical" style={{ marginTop: 16, marginBottom: 0 }} required>
      <Select<number>
        data-testid="bulk-category-select"
        showSearch
        optionFilterProp="label"
        loading={options.isFetching}
        options={options.data ?? []}
        onChange={onChange}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

export interface BulkMenuProps<A extends string> {
  selectedCount: number;
  /** Whether the delete entry is offered (role 1 on content lists, everyone on gallery images). */
  canDestroy: boolean;
  /** Runs the action the user picked and confirmed, with what the confirmation asked for (`category_id`). */
  onConfirmed: (action: A, extra?: Record<string, number>) => Promise<void>;
  /** The resource's actions and their labels (users: activate, block, remove); content lists' by default. */
  actions?: readonly BulkMenuAction<A>[];
  /** The list's abilities, for the actions that need one (`needs`). */
  abilities?: Partial<Abilities>;
}

/**
 * The bulk-action button of a list (docs/spec-index.md S1.2): disabled until something is selected, then the resource's actions
 * (publish, hide and, where allowed, delete); each asks for a confirmation naming the count first.
 */
export function BulkMenu<A extends string = BulkAction>({
  selectedCount,
  canDestroy,
  onConfirmed,
  actions = CONTENT_BULK_ACTIONS as readonly BulkMenuAction<string>[] as readonly BulkMenuAction<A>[],
  abilities,
}: BulkMenuProps<A>) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const offered = offeredBulkActions(actions, canDestroy, abilities);
  const disabled = selectedCount === 0 || offered.length === 0;
  const items = offered.map((action) => ({
    key: action.key,
    danger: action.destroy,
    label: <span data-testid={`bulk-${action.key}`}>{t(action.labelKey)}</span>,
  }));
  const confirm = (action: BulkMenuAction<A>) => {
    const props = confirmModalProps(Boolean(action.destroy));
    const moduleId = action.categoryOf;
    if (moduleId === undefined) {
      modal.confirm({
        title: t(action.confirmKey, { n: selectedCount }),
        okText: t('confirm.ok'),
        cancelText: t('confirm.cancel'),
        ...props,
        onOk: () => onConfirmed(action.key),
      });
      return;
    }
    // OK stays disabled until a category is picked.
    let categoryId: number | undefined;
    const dialog = modal.confirm({
      title: t(action.confirmKey, { n: selectedCount }),
      content: (
        <CategoryChoice
          moduleId={moduleId}
          onChange={(id) => {
            categoryId = id;
            dialog.update({ okButtonProps: { ...props.okButtonProps, disabled: id === undefined } });
          }}
        />
      ),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
      ...props,
      okButtonProps: { ...props.okButtonProps, disabled: true },
      onOk: () => onConfirmed(action.key, categoryId === undefined ? undefined : { category_id: categoryId }),
    });
  };
  return (
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          const action = offered.find((a) => a.key === key);
          if (action) confirm(action);
        },
      }}
    >
      <Button data-testid="list-bulk" disabled={disabled}>
        <Space>
          {selectedCount > 0 ? t('list.bulkSelected', { n: selectedCount }) : t('list.bulk')}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );
}
