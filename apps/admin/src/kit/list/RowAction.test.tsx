import { EditOutlined } from '@ant-design/icons';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { RowAction } from './RowAction';

/** Whether the tooltip is on screen (antd keeps a closed one in the page with a class that hides it). */
const tooltipShown = () => {
  const tooltip = document.querySelector('.ant-tooltip');
  return !!tooltip && !tooltip.classList.contains('ant-tooltip-hidden');
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a row action', () => {
  it('shows its label on hover, and a click before the tooltip opens keeps it closed until the pointer leaves', async () => {
    const onClick = vi.fn();
    renderInApp(<RowAction label="Edit" icon={<EditOutlined />} testId="row-edit" onClick={onClick} />);
    const button = await screen.findByTestId('row-edit');

    fireEvent.mouseEnter(button);
    await waitFor(() => expect(tooltipShown()).toBe(true));
    fireEvent.mouseLeave(button);
    await waitFor(() => expect(tooltipShown()).toBe(false));

    // A quick click: the pointer arrives and clicks within the tooltip's 0.1 s delay (what opened covers the button).
    fireEvent.mouseEnter(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    await pause(300);
    expect(tooltipShown()).toBe(false);

    // Once the pointer has left, the next hover shows the label again.
    fireEvent.mouseLeave(button);
    fireEvent.mouseEnter(button);
    await waitFor(() => expect(tooltipShown()).toBe(true));
  });
});
