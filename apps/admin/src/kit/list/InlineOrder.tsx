import { DELAYS } from '@backoffice/shared';
import { useQueryClient } from '@tanstack/react-query';
import { InputNumber } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ComponentRef } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { listKey } from '../../api/resource';
import { notify, notifyFailure } from '../notifications';

/** How long after the list reloads the edited input takes the focus back (docs/spec-index.md S2.4: 400–500 ms). */
const REFOCUS_MS = 450;

/** `POST <base>order/{id}` with `{order}` (docs/spec-index.md S2.7: /api/reference/order/{id}, /api/partner/order/{id}). */
export const saveOrder = (base: string, id: number, order: number) =>
  request<{ message: string }>('POST', `${base}order/${id}`, { body: { order } });

interface InlineOrderProps {
  id: number;
  value: number;
  /** The resource's base path and query key, e.g. `/api/reference/` and `references`. */
  base: string;
  queryKey: string;
}

/**
 * The order of a row, edited in the list (docs/spec-index.md S2.4): sent DELAYS.inlineOrder (500 ms) after the last
 * keystroke, then the list reloads and the input gets the focus back so the next change can follow.
 */
function InlineOrder({ id, value, base, queryKey }: InlineOrderProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<ComponentRef<typeof InputNumber>>(null);
  const [draft, setDraft] = useState<number | null>(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A reload that brings another value (someone else's change) shows it, unless the user is typing.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (timer.current === undefined) setDraft(value);
  }

  const change = (next: number | null) => {
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = undefined;
    if (next === null || !Number.isInteger(next) || next < 0 || next === value) return;
    timer.current = setTimeout(async () => {
      timer.current = undefined;
      try {
        notify('success', (await saveOrder(base, id, next)).message);
      } catch (error) {
        notifyFailure('message.storeError', error);
        setDraft(value);
      }
      await queryClient.invalidateQueries({ queryKey: listKey(queryKey) });
      setTimeout(() => input.current?.focus(), REFOCUS_MS);
    }, DELAYS.inlineOrder);
  };

  return (
    <InputNumber
      ref={input}
      size="small"
      min={0}
      precision={0}
      value={draft}
      onChange={change}
      aria-label={t('list.order')}
      data-testid="cell-order"
      style={{ width: 80 }}
    />
  );
}

/** The `order` column with inline editing, sortable by `order`. */
export function orderColumn<Row extends { id: number; order: number }>(
  t: TFunction,
  api: { base: string; key: string },
): ColumnType<Row> {
  return {
    key: 'order',
    dataIndex: 'order',
    title: t('list.order'),
    sorter: true,
    render: (_: unknown, row: Row) => <InlineOrder id={row.id} value={row.order} base={api.base} queryKey={api.key} />,
  };
}
