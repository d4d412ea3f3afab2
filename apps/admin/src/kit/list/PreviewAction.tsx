import { EyeOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { notifyFailure } from '../notifications';
import { RowAction } from './RowAction';

/**
 * The preview row action of a resource with `GET <base>preview/{id}` → `{url}` (docs/api.md Preview; every role):
 * opens the record on the public site in a new tab, even while hidden or scheduled. The tab is opened at the
 * click, so no popup blocker stops it, and sent to the signed address once it arrives.
 */
export function previewAction<Row extends { id: number }>(base: string): ComponentType<{ row: Row }> {
  return function PreviewAction({ row }: { row: Row }) {
    const { t } = useTranslation();
    const open = async () => {
      const tab = window.open('', '_blank');
      try {
        const { url } = await request<{ url: string }>('GET', `${base}preview/${row.id}`);
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else window.location.assign(url);
      } catch (error) {
        tab?.close();
        notifyFailure('list.previewError', error);
      }
    };
    return (
      <RowAction label={t('list.preview')} icon={<EyeOutlined />} testId="row-preview" onClick={() => void open()} />
    );
  };
}
