import { Select } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../api/options';
import type { FilterInputProps } from '../resource';

/** Options loaded from the server, as an option-list query answers them. */
export interface LoadedOptions {
  data?: SelectOption[];
  isLoading: boolean;
}

/**
 * A list filter whose options come from the server (position, module…), sent as `?<key>=<id>`.
 * `useOptions` is a hook (an option-list query of api/options.ts), called on every render of the filter.
 */
export function optionsFilter(testId: string, useOptions: () => LoadedOptions): ComponentType<FilterInputProps> {
  return function OptionsFilter({ id, value, onChange }: FilterInputProps) {
    const { t } = useTranslation();
    const { data, isLoading } = useOptions();
    return (
      <Select
        id={id}
        data-testid={testId}
        allowClear
        style={{ minWidth: 200 }}
        placeholder={t('list.any')}
        loading={isLoading}
        value={value}
        optionFilterProp="label"
        onChange={(next?: string) => onChange(next)}
        options={data?.map((option) => ({ value: String(option.value), label: option.label }))}
      />
    );
  };
}
