import { Button, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';

export interface RowActionProps {
  /** The tooltip and the accessible name. */
  label: string;
  icon: ReactNode;
  testId: string;
  onClick?: () => void;
}

/**
 * A small icon button of a table row (edit, restore, preview…) with its label as tooltip and accessible name.
 *
 * A click hides the tooltip until the pointer leaves the button. The tooltip opens 0.1 s after the pointer arrives,
 * which is after a quick click; it would then stay open under what the click opened (the form's drawer covers the
 * button without the pointer moving), and an open tooltip takes the next Esc before the drawer does (antd closes
 * the popup rendered last first, and the form's drawer is rendered from the start).
 */
export function RowAction({ label, icon, testId, onClick }: RowActionProps) {
  const [tooltip, setTooltip] = useState(false);
  const clicked = useRef(false);
  return (
    <Tooltip title={label} open={tooltip} onOpenChange={(open) => setTooltip(open && !clicked.current)}>
      <Button
        size="small"
        icon={icon}
        data-testid={testId}
        aria-label={label}
        onClick={() => {
          clicked.current = true;
          setTooltip(false);
          onClick?.();
        }}
        onMouseLeave={() => {
          clicked.current = false;
        }}
      />
    </Tooltip>
  );
}
