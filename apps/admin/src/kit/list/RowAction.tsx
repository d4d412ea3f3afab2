import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

export interface RowActionProps {
  /** The tooltip and the accessible name. */
  label: string;
  icon: ReactNode;
  testId: string;
  onClick?: () => void;
}

/** A small icon button of a table row (edit, restore, preview…) with its label as tooltip and accessible name. */
export function RowAction({ label, icon, testId, onClick }: RowActionProps) {
  return (
    <Tooltip title={label}>
      <Button size="small" icon={icon} data-testid={testId} aria-label={label} onClick={onClick} />
    </Tooltip>
  );
}
