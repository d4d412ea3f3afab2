import { SendOutlined } from '@ant-design/icons';
import { type Abilities, isLocale, LOCALE_NAMES, LOCALES, type Locale, type MailTemplateRow } from '@backoffice/shared';
import { Button, Dropdown, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendTestMail } from '../../api/mail';
import { notify, notifyFailure } from '../../kit/notifications';

/**
 * "Send a test" of a template row (docs/features/settings-and-mail.md "Test mail"): the saved template in the picked
 * language, filled with sample values, goes to the signed-in user's own address. Offered to those who may edit
 * templates, as the server allows only them.
 */
export function MailTestAction({ row, abilities }: { row: MailTemplateRow; abilities?: Abilities }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  if (!abilities?.update) return null;
  const send = async (lang: Locale) => {
    setSending(true);
    try {
      notify('success', (await sendTestMail(row.id, lang)).message);
    } catch (error) {
      notifyFailure('mail.testFailed', error);
    } finally {
      setSending(false);
    }
  };
  const label = t('mail.sendTest');
  return (
    <Tooltip title={label}>
      <Dropdown
        trigger={['click']}
        menu={{
          items: LOCALES.map((lang) => ({
            key: lang,
            label: <span data-testid={`mail-test-${lang}`}>{LOCALE_NAMES[lang]}</span>,
          })),
          onClick: ({ key }) => {
            if (isLocale(key)) void send(key);
          },
        }}
      >
        <Button size="small" icon={<SendOutlined />} loading={sending} data-testid="row-mail-test" aria-label={label} />
      </Dropdown>
    </Tooltip>
  );
}
