import { DownOutlined } from '@ant-design/icons';
import type { BulkAction } from '@backoffice/shared';
import { App, Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
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
}

/** The content lists' actions (docs/spec-index.md S1.4): publish, hide and remove. */
export const CONTENT_BULK_ACTIONS: readonly BulkMenuAction<BulkAction>[] = [
  { key: 'publish', labelKey: 'list.bulkActions.publish', confirmKey: 'list.bulkConfirm.publish' },
  { key: 'hide', labelKey: 'list.bulkActions.hide', confirmKey: 'list.bulkConfirm.hide' },
  { key: 'destroy', labelKey: 'list.bulkActions.destroy', confirmKey: 'list.bulkConfirm.destroy', destroy: true },
];

/** The actions a user may pick: removals and restricted ones only with `canDestroy`. */
export const offeredBulkActions = <A extends string>(
  actions: readonly BulkMenuAction<A>[],
  canDestroy: boolean,
): readonly BulkMenuAction<A>[] => actions.filter((action) => canDestroy || !(action.destroy || action.restricted));

export interface BulkMenuProps<A extends string> {
  selectedCount: number;
  /** Whether the delete entry is offered (role 1 on content lists, everyone on gallery images). */
  canDestroy: boolean;
  /** Runs the action the user picked and confirmed. */
  onConfirmed: (action: A) => Promise<void>;
  /** The resource's actions and their labels (users: activate, block, remove); content lists' by default. */
  actions?: readonly BulkMenuAction<A>[];
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
}: BulkMenuProps<A>) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const offered = offeredBulkActions(actions, canDestroy);
  const disabled = selectedCount === 0 || offered.length === 0;
  const items = offered.map((action) => ({
    key: action.key,
    danger: action.destroy,
    label: <span data-testid={`bulk-${action.key}`}>{t(action.labelKey)}</span>,
  }));
  const confirm = (action: BulkMenuAction<A>) =>
    modal.confirm({
      title: t(action.confirmKey, { n: selectedCount }),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
      ...confirmModalProps(Boolean(action.destroy)),
      onOk: () => onConfirmed(action.key),
    });
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
