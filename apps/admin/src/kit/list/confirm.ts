import type { ButtonProps } from 'antd';

/** Props of the confirming button of a confirmation (a stable test id; red for destructive actions). */
export function confirmButtonProps(danger: boolean): ButtonProps {
  return { danger, 'data-testid': 'confirm-ok' } as ButtonProps;
}
