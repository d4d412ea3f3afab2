import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { BulkMenu, CONTENT_BULK_ACTIONS, categoryBulkAction, DUPLICATE_BULK_ACTION } from './BulkMenu';

// The bulk "duplicate" and "assign a category" (docs/features/content.md "Duplicate and assign a category").

const ACTIONS = [...CONTENT_BULK_ACTIONS, DUPLICATE_BULK_ACTION, categoryBulkAction(1)];
const ALL = { create: true, update: true, destroy: false, restore: false };

describe('bulk duplicate and assign a category', () => {
  it('asks for a category (OK disabled until one is picked) and sends it as category_id', async () => {
    stubApi({
      'GET /api/content/category/list/1': {
        body: {
          data: [
            { id: 4, label: 'Events' },
            { id: 9, label: 'Offers' },
          ],
        },
      },
    });
    const onConfirmed = vi.fn(async () => {});
    const { user } = renderInApp(
      <BulkMenu selectedCount={3} canDestroy={false} abilities={ALL} actions={ACTIONS} onConfirmed={onConfirmed} />,
    );
    await user.click(screen.getByTestId('list-bulk'));
    await user.click(await screen.findByTestId('bulk-category'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(/Assign a category to the selected items \(3\)/).length).toBeGreaterThan(0);
    const ok = within(dialog).getByTestId('confirm-ok');
    expect((ok as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByTitle('Offers'));
    await waitFor(() => expect((ok as HTMLButtonElement).disabled).toBe(false));
    await user.click(ok);
    expect(onConfirmed).toHaveBeenCalledWith('category', { category_id: 9 });
  });

  it('offers duplicate only to who may create and a category only to who may update', async () => {
    stubApi({});
    const { user } = renderInApp(
      <BulkMenu
        selectedCount={1}
        canDestroy={false}
        abilities={{ ...ALL, create: false, update: false }}
        actions={ACTIONS}
        onConfirmed={vi.fn(async () => {})}
      />,
    );
    await user.click(screen.getByTestId('list-bulk'));
    await screen.findByTestId('bulk-publish');
    expect(screen.queryByTestId('bulk-duplicate')).toBeNull();
    expect(screen.queryByTestId('bulk-category')).toBeNull();
  });

  it('duplicates after a confirmation naming the count', async () => {
    stubApi({});
    const onConfirmed = vi.fn(async () => {});
    const { user } = renderInApp(
      <BulkMenu selectedCount={2} canDestroy abilities={ALL} actions={ACTIONS} onConfirmed={onConfirmed} />,
    );
    await user.click(screen.getByTestId('list-bulk'));
    await user.click(await screen.findByTestId('bulk-duplicate'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(/Duplicate the selected items \(2\)/).length).toBeGreaterThan(0);
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(onConfirmed).toHaveBeenCalledWith('duplicate');
  });
});
