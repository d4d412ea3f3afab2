import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

describe('HistoryButton: comparing, paging, the keyboard and the restore', () => {
  const row = (id: number, changed: string[] = []) => ({
    id,
    created_at: STAMP,
    action: 'update',
    changed,
    user: null,
  });
  const saved = (title: string) => ({ ...current, langs: { sk: { title }, en: { title: 'Prices' } } });
  /** Three versions on two pages (2 + 1), each with its own Slovak title. */
  function stubVersions(restore?: { status: number; body: unknown }) {
    return stubApi({
      [`GET ${BASE}7/revisions`]: (call) =>
        call.query.get('page') === '2'
          ? { body: { data: [row(1)], meta: { current_page: 2, last_page: 2, total: 3 } } }
          : {
              body: {
                data: [row(3, ['langs.sk.title', 'langs.en.title', 'status']), row(2, ['langs.sk.title'])],
                meta: { current_page: 1, last_page: 2, total: 3 },
              },
            },
      [`GET ${BASE}7/revisions/3`]: { body: { data: { id: 3, record: saved('Cenník 3') } } },
      [`GET ${BASE}7/revisions/2`]: { body: { data: { id: 2, record: saved('Cenník 2') } } },
      [`GET ${BASE}7/revisions/1`]: { body: { data: { id: 1, record: saved('Cenník 1') } } },
      ...(restore ? { [`POST ${BASE}7/revisions/3/restore`]: restore } : {}),
    });
  }

  it('names the language beside each changed translated field', async () => {
    stubVersions();
    const { user } = renderInApp(<HistoryButton apiKey="pages" base={BASE} id={7} current={current} />);
    await user.click(screen.getByTestId('form-history'));
    expect((await screen.findByTestId('history-3')).textContent).toContain('Changed: Title (sk), Title (en), Status');
  });

  it('compares the chosen version with another one, not only with the current record', async () => {
    stubVersions();
    const { user } = renderInApp(<HistoryButton apiKey="pages" base={BASE} id={7} current={current} />);
    await user.click(screen.getByTestId('form-history'));
    await user.click(await screen.findByTestId('history-3'));
    const field = await screen.findByTestId('history-field-sk.title');
    expect(field.textContent).toContain('Cenník 3');
    expect(field.textContent).toContain('Cenník');
    await user.click(within(screen.getByTestId('history-against')).getByRole('combobox'));
    await user.click(
      await screen.findByText(/^Version of .* · unknown user$/, { selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() => expect(screen.getByTestId('history-field-sk.title').textContent).toContain('Cenník 2'));
    expect(screen.getByTestId('history-field-sk.title').textContent).toMatch(/This version.*Cenník 3.*Version of/);
  });

  it('pages past the first 50: "Load older versions" asks for the next page', async () => {
    const api = stubVersions();
    const { user } = renderInApp(<HistoryButton apiKey="pages" base={BASE} id={7} current={current} />);
    await user.click(screen.getByTestId('form-history'));
    await screen.findByTestId('history-3');
    expect(screen.queryByTestId('history-1')).toBeNull();
    const more = screen.getByTestId('history-more');
    expect(more.textContent).toBe('Load older versions (2 of 3 shown)');
    await user.click(more);
    expect(await screen.findByTestId('history-1')).toBeTruthy();
    expect(api.callsTo(`GET ${BASE}7/revisions`).map((call) => call.query.get('page'))).toEqual(['1', '2']);
    expect(api.callsTo(`GET ${BASE}7/revisions`)[0]?.query.get('per_page')).toBe('50');
    expect(screen.queryByTestId('history-more')).toBeNull();
  });

  it('is one Tab stop whose arrow keys move and whose Enter chooses', async () => {
    stubVersions();
    const { user } = renderInApp(<HistoryButton apiKey="pages" base={BASE} id={7} current={current} />);
    await user.click(screen.getByTestId('form-history'));
    const first = await screen.findByTestId('history-3');
    expect(screen.getByRole('listbox', { name: 'Saved versions' })).toBeTruthy();
    expect(first.getAttribute('tabindex')).toBe('0');
    expect(screen.getByTestId('history-2').getAttribute('tabindex')).toBe('-1');
    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByTestId('history-2'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('history-2').getAttribute('aria-selected')).toBe('true'));
    expect((await screen.findByTestId('history-field-sk.title')).textContent).toContain('Cenník 2');
  });

  it('warns before a restore that would discard unsaved edits', async () => {
    stubVersions();
    const { user } = renderInApp(
      <HistoryButton apiKey="pages" base={BASE} id={7} current={current} dirty={() => true} />,
    );
    await user.click(screen.getByTestId('form-history'));
    await user.click(await screen.findByTestId('history-3'));
    await user.click(await screen.findByTestId('history-restore'));
    expect((await screen.findByTestId('history-unsaved')).textContent).toBe(
      'The form has unsaved edits: restoring this version discards them.',
    );
  });

  it('after a 409 the versions load again and the message says why', async () => {
    const api = stubVersions({ status: 409, body: { message: 'Changed meanwhile' } });
    const restored = vi.fn();
    const { user } = renderInApp(
      <HistoryButton apiKey="pages" base={BASE} id={7} current={current} onRestored={restored} />,
    );
    await user.click(screen.getByTestId('form-history'));
    await user.click(await screen.findByTestId('history-3'));
    await user.click(await screen.findByTestId('history-restore'));
    const question = await waitFor(() => {
      const modal = document.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!modal) throw new Error('the restore asks first');
      return modal;
    });
    await user.click(within(question).getByRole('button', { name: 'Restore this version' }));
    expect(
      await screen.findByText(/Someone saved the record meanwhile, so this version was not restored/),
    ).toBeTruthy();
    await waitFor(() => expect(api.callsTo(`GET ${BASE}7/revisions`).length).toBeGreaterThan(1));
    expect(restored).toHaveBeenCalled();
    expect(screen.queryByTestId('history-diff')).toBeNull();
  });
});
