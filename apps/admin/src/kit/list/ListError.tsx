import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';

export interface ListErrorProps {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}

/** What a table shows in place of its rows when they could not be loaded: why, and "Try again" (docs/spec-index.md S1.8). */
export function ListError({ error, retrying, onRetry }: ListErrorProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      className="bo-list-error"
      data-testid="list-error"
      title={t('list.loadError')}
      subTitle={errorMessage(error)}
      extra={
        <Button data-testid="list-retry" icon={<ReloadOutlined />} loading={retrying} onClick={onRetry}>
          {t('list.retry')}
        </Button>
      }
    />
  );
}
