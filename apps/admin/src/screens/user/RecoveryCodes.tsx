import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The 10 recovery codes, shown once after turning two-factor sign-in on, with copy and download. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that led here is gone: focus goes to the codes, so a screen reader reads them next.
  useEffect(() => heading.current?.focus(), []);
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch (error) {
      console.warn('Copying the recovery codes failed', error);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div data-testid="recovery-codes">
      <Typography.Title level={5} ref={heading} tabIndex={-1} className="bo-recovery-title">
        {t('twoFactor.recoveryTitle')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('twoFactor.recoveryHelp')} className="bo-recovery-alert" />
      <ol className="bo-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code data-testid="recovery-code">{code}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="recovery-copy">
          {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download} data-testid="recovery-download">
          {t('twoFactor.download')}
        </Button>
      </Space>
    </div>
  );
}
