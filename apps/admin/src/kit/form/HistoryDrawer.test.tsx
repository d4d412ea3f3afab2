import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { HistoryButton } from './HistoryDrawer';

const BASE = '/api/content/page/';
const STAMP = '2026-11-24T10:00:00.000Z';
const langs = { sk: { title: 'Cenník' }, en: { title: 'Prices' } };
const current = { id: 7, image: 'new.webp', status: true, langs, updated_at: STAMP };

function openVersion(saved: Record<string, unknown>) {
  stubApi({
    [`GET ${BASE}7/revisions`]: {
      body: {
        data: [{ id: 3, created_at: STAMP, action: 'update', changed: ['image'], user: null }],
        meta: { total: 1 },
      },
    },
    [`GET ${BASE}7/revisions/3`]: {
      body: { data: { id: 3, created_at: STAMP, action: 'update', changed: ['image'], record: saved } },
    },
  });
  const view = renderInApp(
    <HistoryButton apiKey="pages" base={BASE} id={7} current={current} images={{ model: 'page', fields: ['image'] }} />,
  );
  return view;
}

describe('HistoryButton', () => {
  it('shows a changed image as the saved and the current thumbnail side by side, from the form’s address', async () => {
    const { user } = openVersion({ ...current, image: 'old.webp' });
    await user.click(screen.getByTestId('form-history'));
    await user.click(await screen.findByTestId('history-3'));
    const field = await screen.findByTestId('history-field-image');
    expect(within(field).getByText('Image')).toBeTruthy();
    const before = within(field).getByTestId('history-image-before');
    const after = within(field).getByTestId('history-image-after');
    expect(before.querySelector('img')?.getAttribute('src')).toBe('/gallery/page/7/thumb/old.webp');
    expect(after.querySelector('img')?.getAttribute('src')).toBe('/gallery/page/7/thumb/new.webp');
    expect(within(field).getByTestId('history-image-changed').textContent).toBe('Image changed');
    expect(within(field).getByText('Restoring this version keeps the current image.')).toBeTruthy();
  });

  it('names a saved image whose file no longer exists instead of a broken thumbnail', async () => {
    const { user } = openVersion({ ...current, image: 'deleted.webp' });
    await user.click(screen.getByTestId('form-history'));
    await user.click(await screen.findByTestId('history-3'));
    const before = await screen.findByTestId('history-image-before');
    const img = before.querySelector('img');
    if (!img) throw new Error('the saved image is shown first');
    fireEvent.error(img);
    await waitFor(() => expect(before.getAttribute('data-state')).toBe('gone'));
    expect(before.textContent).toContain('deleted.webp');
    expect(before.textContent).toContain('The file no longer exists.');
    expect(screen.getByTestId('history-image-after').querySelector('img')).toBeTruthy();
  });

  it('shows "No image" on the side that had none', async () => {
    const { user } = openVersion({ ...current, image: null });
    await user.click(screen.getByTestId('form-history'));
    await user.click(await screen.findByTestId('history-3'));
    const before = await screen.findByTestId('history-image-before');
    expect(before.getAttribute('data-state')).toBe('none');
    expect(before.textContent).toBe('No image');
  });
});
