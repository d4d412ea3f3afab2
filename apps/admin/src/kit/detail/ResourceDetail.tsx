import { DeleteOutlined } from '@ant-design/icons';
import type { Abilities } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Grid, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listKey, type ResourceApi, useResourceRecord } from '../../api/resource';
import { getLanguage } from '../../i18n/language';
import { confirmPopProps } from '../list/confirm';
import { notify, notifyFailure } from '../notifications';
import { usePreloader } from '../preloader';
import type { RecordBase } from '../resource';
import type { DetailDef } from './detailDef';

export interface ResourceDetailProps<Rec extends RecordBase> {
  api: ResourceApi<unknown, Rec, never>;
  detail: DetailDef<Rec>;
  id: number | null;
  /** What the list said the user may do, until the record's own abilities arrive. */
  listAbilities?: Abilities;
  onClose: () => void;
}

/** The text of a field as it was stored (React escapes it); blank shows a dash. */
function plain(record: object, key: string): ReactNode {
  const value = (record as Record<string, unknown>)[key];
  if (value === null || value === undefined || value === '') return <span className="bo-muted">—</span>;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The slide-up read-only panel of a record (docs/spec-index.md S2.2 Contact messages, Price-offer and registration
 * submissions): every field described by the resource, a remove button where the server allows it (role 1) and a
 * close button; a removed record shows the item-deleted banner.
 */
export function ResourceDetail<Rec extends RecordBase>({
  api,
  detail,
  id,
  listAbilities,
  onClose,
}: ResourceDetailProps<Rec>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const record = useResourceRecord(api, id);
  const loaded = record.data?.data;
  const abilities = record.data?.abilities ?? listAbilities;
  const [removing, setRemoving] = useState(false);
  // On a phone (below antd's sm) each label stands above its value, so a value (the cars table) gets the full width.
  const phone = Grid.useBreakpoint().sm === false;
  usePreloader(removing || (id !== null && record.isFetching));

  // A record that cannot be loaded closes the panel; the shared error handler has shown why.
  useEffect(() => {
    if (id !== null && record.isError) onClose();
  }, [id, record.isError, onClose]);

  const remove = async () => {
    if (id === null) return;
    setRemoving(true);
    try {
      notify('success', (await api.destroy(id)).message);
      onClose();
    } catch (error) {
      notifyFailure('message.deleteError', error);
    } finally {
      setRemoving(false);
      void queryClient.invalidateQueries({ queryKey: listKey(api.key) });
    }
  };

  const context = { t, language: getLanguage() };
  const shown = loaded && loaded.id === id ? loaded : undefined;
  return (
    <Drawer
      data-testid="resource-detail"
      open={id !== null}
      onClose={onClose}
      placement="bottom"
      size="88vh"
      title={t(detail.title)}
      footer={
        <Space className="bo-form-footer">
          <Button data-testid="detail-close" onClick={onClose}>
            {t('form.close')}
          </Button>
          {abilities?.destroy && shown && !shown.deleted_at && (
            <Popconfirm title={t(detail.removeConfirm)} {...confirmPopProps()} onConfirm={() => void remove()}>
              <Button data-testid="detail-remove" danger icon={<DeleteOutlined />} loading={removing}>
                {t('forms.remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {shown?.deleted_at && (
        <Alert
          data-testid="item-deleted"
          type="warning"
          showIcon
          className="bo-form-alert"
          title={t('message.itemDeleted')}
        />
      )}
      {shown && (
        <Descriptions
          bordered
          size="small"
          column={1}
          layout={phone ? 'vertical' : 'horizontal'}
          className="bo-detail"
          styles={{
            label: phone ? undefined : { width: '14rem', verticalAlign: 'top' },
            content: { whiteSpace: 'pre-wrap' },
          }}
          items={detail.fields.map((field) => ({
            key: field.key,
            label: t(field.labelKey),
            children: (
              <span data-testid={`detail-${field.key}`}>
                {field.render ? field.render(shown, context) : plain(shown, field.key)}
              </span>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
