import { Checkbox, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterDef } from '../resource';

export interface FilterPanelProps {
  filters: readonly FilterDef[];
  values: Record<string, string>;
  onChange: (key: string, value: string | undefined) => void;
  trashed: boolean;
  /** The "show deleted" filter is offered only to those who may restore. */
  canShowTrashed: boolean;
  onTrashedChange: (trashed: boolean) => void;
}

/** The collapsible filter row of a list: one select per filter plus "show deleted". */
export function FilterPanel({ filters, values, onChange, trashed, canShowTrashed, onTrashedChange }: FilterPanelProps) {
  const { t } = useTranslation();
  // The URL updates asynchronously; the checkbox shows the click at once and follows the URL afterwards.
  const [showTrashed, setShowTrashed] = useState(trashed);
  const [urlTrashed, setUrlTrashed] = useState(trashed);
  if (urlTrashed !== trashed) {
    setUrlTrashed(trashed);
    setShowTrashed(trashed);
  }
  return (
    <Form layout="inline" className="bo-filter-panel" data-testid="list-filters">
      {filters.map((filter) => (
        <Form.Item key={filter.key} label={t(filter.labelKey)} htmlFor={`filter-${filter.key}`}>
          {filter.Input ? (
            <filter.Input
              id={`filter-${filter.key}`}
              value={values[filter.key]}
              onChange={(v) => onChange(filter.key, v)}
            />
          ) : (
            <Select
              id={`filter-${filter.key}`}
              data-testid={`filter-${filter.key}`}
              allowClear
              placeholder={t('list.any')}
              style={{ minWidth: 180 }}
              value={values[filter.key]}
              onChange={(value?: string) => onChange(filter.key, value)}
              options={filter.options?.map((option) => ({ value: option.value, label: t(option.labelKey) }))}
            />
          )}
        </Form.Item>
      ))}
      {(canShowTrashed || trashed) && (
        <Form.Item>
          <Checkbox
            data-testid="filter-trashed"
            checked={showTrashed}
            onChange={(event) => {
              setShowTrashed(event.target.checked);
              onTrashedChange(event.target.checked);
            }}
          >
            {t('list.trashed')}
          </Checkbox>
        </Form.Item>
      )}
    </Form>
  );
}
