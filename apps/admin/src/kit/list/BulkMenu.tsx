import { DownOutlined } from '@ant-design/icons';
import type { BulkAction } from '@backoffice/shared';
import { App, Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmButtonProps } from './confirm';

export interface BulkMenuProps {
  selectedCount: number;
  /** Whether the delete entry is offered (role 1 on content lists, everyone on gallery images). */
  canDestroy: boolean;
  /** Runs the action the user picked and confirmed. */
  onConfirmed: (action: BulkAction) => Promise<void>;
}

/**
 * The bulk-action button of a list (spec 1 §2): disabled until something is selected, then publish, hide and,
 * where allowed, delete; each asks for a confirmation naming the count first.
 */
export function BulkMenu({ selectedCount, canDestroy, onConfirmed }: BulkMenuProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const items = [
    { key: 'publish', label: <span data-testid="bulk-publish">{t('list.bulkActions.publish')}</span> },
    { key: 'hide', label: <span data-testid="bulk-hide">{t('list.bulkActions.hide')}</span> },
    ...(canDestroy
      ? [
          {
            key: 'destroy',
            danger: true,
            label: <span data-testid="bulk-destroy">{t('list.bulkActions.destroy')}</span>,
          },
        ]
      : []),
  ];
  const confirm = (action: BulkAction) =>
    modal.confirm({
      title: t(`list.bulkConfirm.${action}`, { n: selectedCount }),
      okText: t('confirm.ok'),
      cancelText: t('confirm.cancel'),
      okButtonProps: confirmButtonProps(action === 'destroy'),
      onOk: () => onConfirmed(action),
    });
  return (
    <Dropdown
      disabled={selectedCount === 0}
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'publish' || key === 'hide' || key === 'destroy') confirm(key);
        },
      }}
    >
      <Button data-testid="list-bulk" disabled={selectedCount === 0}>
        <Space>
          {selectedCount > 0 ? t('list.bulkSelected', { n: selectedCount }) : t('list.bulk')}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );
}
