import { type MailPlaceholderModel, mailPlaceholder } from '@backoffice/shared';
import { Button, Card, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { insertAtCursor, isInsertionTarget } from '../insertAtCursor';

export interface PlaceholderListProps {
  models: readonly MailPlaceholderModel[];
}

/**
 * The placeholders of a mail template's event (docs/spec-index.md S2.2): one button per `%model.property%`, grouped by model;
 * a click inserts it at the cursor of the focused text field or editor of the form (the last one focused, when
 * the focus has moved to the button by keyboard).
 */
export function PlaceholderList({ models }: PlaceholderListProps) {
  const { t } = useTranslation();
  const last = useRef<Element | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const target = event.target as Element | null;
      // Only fields of the same form count, not the search box of the list behind the drawer.
      const form = box.current?.closest('.ant-drawer-body');
      if (target && isInsertionTarget(target) && (!form || form.contains(target))) last.current = target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);

  const insert = (text: string) => {
    const focused = document.activeElement;
    if (isInsertionTarget(focused) && insertAtCursor(focused, text)) return;
    if (last.current?.isConnected) insertAtCursor(last.current, text);
  };

  return (
    <Card size="small" className="bo-placeholders" title={t('mail.placeholders')} data-testid="mail-placeholders">
      <div ref={box}>
        <Typography.Paragraph type="secondary" className="bo-placeholders-hint">
          {t('mail.placeholdersHint')}
        </Typography.Paragraph>
        {models.map((model) => (
          <div key={`${model.label}-${model.model}`} className="bo-placeholders-group">
            <Typography.Text strong>{t(`mail.models.${model.label}`, { defaultValue: model.label })}</Typography.Text>
            <Space wrap size={[4, 4]}>
              {model.properties.map((property) => {
                const text = mailPlaceholder(model.model, property);
                return (
                  <Button
                    key={property}
                    size="small"
                    data-testid={`placeholder-${model.model}.${property}`}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(text)}
                  >
                    <code>{text}</code>
                  </Button>
                );
              })}
            </Space>
          </div>
        ))}
      </div>
    </Card>
  );
}
