import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { BulkMenu } from './BulkMenu';
import { confirmModalProps } from './confirm';

describe('BulkMenu', () => {
  it('asks for a confirmation naming the count and runs the picked action on OK', async () => {
    const onConfirmed = vi.fn(async () => {});
    const { user } = renderInApp(<BulkMenu selectedCount={2} canDestroy onConfirmed={onConfirmed} />);

    await user.click(screen.getByTestId('list-bulk'));
    await user.click(await screen.findByTestId('bulk-hide'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Hide the selected items (2)?').length).toBeGreaterThan(0);
    expect(onConfirmed).not.toHaveBeenCalled();
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(onConfirmed).toHaveBeenCalledWith('hide');
  });

  // jsdom runs no motion, so the dialog's classes cannot tell; the props it is opened with can.
  it('opens its confirmations without the zoom (a press on OK as it opens was lost)', () => {
    expect(confirmModalProps(true)).toEqual({
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      transitionName: '',
      maskTransitionName: '',
    });
  });
});
