import { Select } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterInputProps } from '../resource';

/** Options of a select loaded from the server: `{value, label}` pairs and whether they are still loading. */
export interface LoadedOptions {
  options?: { value: number | string; label: string }[];
  loading: boolean;
}

/**
 * A list filter whose options come from the server (position, module…), sent as `?<key>=<id>`.
 * `useOptions` is a hook, called on every render of the filter.
 */
export function optionsFilter(testId: string, useOptions: () => LoadedOptions): ComponentType<FilterInputProps> {
  return function OptionsFilter({ id, value, onChange }: FilterInputProps) {
    const { t } = useTranslation();
    const { options, loading } = useOptions();
    return (
      <Select
        id={id}
        data-testid={testId}
        allowClear
        style={{ minWidth: 200 }}
        placeholder={t('list.any')}
        loading={loading}
        value={value}
        optionFilterProp="label"
        onChange={(next?: string) => onChange(next)}
        options={options?.map((option) => ({ value: String(option.value), label: option.label }))}
      />
    );
  };
}
