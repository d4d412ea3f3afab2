import type { Abilities, TextRow } from '@backoffice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { textResource } from '../../screens/content/text/textResource';
import { STUB_XSRF, stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { ResourceList } from './ResourceList';

const LIST = 'GET /api/content/text/';
const ROLE_1: Abilities = { create: true, update: true, destroy: true, restore: true };
const ROLE_2: Abilities = { create: true, update: true, destroy: false, restore: false };

const row = (id: number, title: string): TextRow => ({
  id,
  title,
  status: true,
  positions: [],
  updated_at: '2026-11-20T10:00:00.000Z',
  deleted_at: null,
});
const page = (abilities: Abilities, rows = [row(1, 'Opening hours'), row(2, 'Contact')]) => ({
  body: {
    data: rows,
    meta: { current_page: 1, per_page: 20, total: rows.length, last_page: 1, from: 1, to: rows.length },
    abilities,
  },
});

// The list without its form: the form is ResourceForm's own test.
const def = { ...textResource, form: undefined };
const openList = (url = '/admin/app/content/text') =>
  renderInApp(<ResourceList def={def} />, { url, path: '/admin/app/content/text/:id?' });

const rowOf = (title: string) => {
  const tr = screen.getByText(title).closest('tr');
  if (!tr) throw new Error(`no row for ${title}`);
  return tr;
};

describe('ResourceList', () => {
  it('loads the page, sort and search the address asks for and shows its rows', async () => {
    const api = stubApi({ [LIST]: page(ROLE_1) });
    openList('/admin/app/content/text?page=3&sort=title&order=asc&search=hours');

    expect(await screen.findByText('Opening hours')).toBeTruthy();
    expect(screen.getByText('Contact')).toBeTruthy();
    const [call] = api.callsTo(LIST);
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({
      page: '3',
      sort: 'title',
      order: 'asc',
      search: 'hours',
    });
    expect(call?.headers.get('X-XSRF-TOKEN')).toBe(STUB_XSRF);
    expect(screen.getByTestId('list-search')).toHaveProperty('value', 'hours');
  });

  it('sorts by a column header click and puts the sort in the address', async () => {
    const api = stubApi({ [LIST]: page(ROLE_1) });
    const { user, router } = openList();
    await screen.findByText('Opening hours');

    await user.click(screen.getByRole('columnheader', { name: /Title/ }));

    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.query.get('sort')).toBe('title'));
    expect(router.state.location.search).toContain('sort=title');
  });

  it('steps to the next and previous page with the cursors of the page on screen; a jump goes by number', async () => {
    const paged = (current: number) => ({
      body: {
        data: [row(current * 10, `Text ${current}`)],
        meta: {
          current_page: current,
          per_page: 1,
          total: 5,
          last_page: 5,
          from: current,
          to: current,
          cursors: { after: `after-${current}`, before: `before-${current}` },
        },
        abilities: ROLE_1,
      },
    });
    const api = stubApi({
      [LIST]: (request) => paged(Number(request.query.get('page') ?? 1)),
    });
    const { user, router } = openList('/admin/app/content/text?page=2&per_page=1&sort=title&order=asc');
    await screen.findByText('Text 2');

    await user.click(screen.getByTitle(/Next Page|Ďalšia strana/));
    await screen.findByText('Text 3');
    expect(Object.fromEntries(api.callsTo(LIST).at(-1)?.query ?? [])).toMatchObject({ page: '3', after: 'after-2' });
    expect(api.callsTo(LIST).at(-1)?.query.has('before')).toBe(false);

    await user.click(screen.getByTitle(/Previous Page|Predchádzajúca strana/));
    await screen.findByText('Text 2');
    expect(Object.fromEntries(api.callsTo(LIST).at(-1)?.query ?? [])).toMatchObject({ page: '2', before: 'before-3' });
    expect(api.callsTo(LIST).at(-1)?.query.has('after')).toBe(false);

    await user.click(screen.getByTitle('5'));
    await screen.findByText('Text 5');
    expect(api.callsTo(LIST).at(-1)?.query.has('after')).toBe(false);
    expect(api.callsTo(LIST).at(-1)?.query.has('before')).toBe(false);
    // A new sort drops the cursor with the page.
    await user.click(screen.getByRole('columnheader', { name: /Title/ }));
    await waitFor(() => expect(router.state.location.search).not.toMatch(/after|before|[?&]page=/));
  });

  it('searches as the user types and starts again at page 1', async () => {
    const api = stubApi({ [LIST]: page(ROLE_1) });
    const { user, router } = openList('/admin/app/content/text?page=2');
    await screen.findByText('Opening hours');

    await user.type(screen.getByTestId('list-search'), 'hours');

    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.query.get('search')).toBe('hours'));
    expect(api.callsTo(LIST).at(-1)?.query.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?search=hours');
  });

  it('shows a failed load as an error with "Try again", not as an empty list, and tries again', async () => {
    const api = stubApi({ [LIST]: { status: 500, body: { message: 'Database unavailable' } } });
    const { user } = openList();

    expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    expect(screen.queryByText('No records')).toBeNull();

    api.routes[LIST] = page(ROLE_1);
    await user.click(screen.getByRole('button', { name: /Try again/ }));

    expect(await screen.findByText('Opening hours')).toBeTruthy();
    expect(api.callsTo(LIST)).toHaveLength(2);
    expect(screen.queryByText('The list could not be loaded.')).toBeNull();
  });

  it('says "No records" when the list is really empty', async () => {
    stubApi({ [LIST]: page(ROLE_1, []) });
    openList();
    expect(await screen.findByText('No records')).toBeTruthy();
  });

  it('offers delete and bulk delete to a role-1 administrator', async () => {
    stubApi({ [LIST]: page(ROLE_1) });
    const { user } = openList();
    await screen.findByText('Opening hours');

    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    await user.click(within(rowOf('Contact')).getByRole('checkbox'));
    await user.click(screen.getByTestId('list-bulk'));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).toBeTruthy();
  });

  it('shows a role-2 editor neither delete nor bulk delete', async () => {
    stubApi({ [LIST]: page(ROLE_2) });
    const { user } = openList();
    await screen.findByText('Opening hours');

    expect(screen.queryAllByTestId('row-delete')).toHaveLength(0);
    await user.click(within(rowOf('Contact')).getByRole('checkbox'));
    await user.click(screen.getByTestId('list-bulk'));
    expect(await screen.findByRole('menuitem', { name: 'Publish' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Hide' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('removes a row only after its confirmation, then reloads the list', async () => {
    const api = stubApi({
      [LIST]: page(ROLE_1),
      'DELETE /api/content/text/2': { body: { message: 'The text was deleted.' } },
    });
    const { user } = openList();
    await screen.findByText('Contact');

    await user.click(within(rowOf('Contact')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Really delete this item?')).toBeTruthy();
    expect(api.callsTo('DELETE /api/content/text/2')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes' }));

    expect((await screen.findByTestId('notification')).textContent).toContain('The text was deleted.');
    expect(api.callsTo('DELETE /api/content/text/2')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
  });

  it("offers 'Undo' in a removal's notification, which restores the row and reloads the list", async () => {
    const api = stubApi({
      [LIST]: page(ROLE_1),
      'DELETE /api/content/text/2': { body: { message: 'The text was deleted.' } },
      'POST /api/content/text/2/restore': { body: { message: 'The text was restored.' } },
    });
    const { user } = openList();
    await screen.findByText('Contact');

    await user.click(within(rowOf('Contact')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    await user.click(undo);

    await waitFor(() => expect(api.callsTo('POST /api/content/text/2/restore')).toHaveLength(1));
    expect((await screen.findByTestId('notification')).textContent).toContain('The text was restored.');
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(3));
  });

  it("offers no 'Undo' to a user who may not restore", async () => {
    stubApi({
      [LIST]: page({ ...ROLE_1, restore: false }),
      'DELETE /api/content/text/2': { body: { message: 'The text was deleted.' } },
    });
    const { user } = openList();
    await screen.findByText('Contact');

    await user.click(within(rowOf('Contact')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));

    expect((await screen.findByTestId('notification')).textContent).toContain('The text was deleted.');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('opens a row for editing at its address, keeping the list query', async () => {
    stubApi({ [LIST]: page(ROLE_1) });
    const { user, router } = openList('/admin/app/content/text?search=hours');
    await screen.findByText('Contact');

    await user.click(within(rowOf('Contact')).getByRole('button', { name: 'Edit' }));

    expect(router.state.location.pathname).toBe('/admin/app/content/text/2');
    expect(router.state.location.search).toBe('?search=hours');
  });

  it('sends the ticked rows to the bulk endpoint after the confirmation and reloads the list', async () => {
    const api = stubApi({
      [LIST]: page(ROLE_1),
      'POST /api/content/text/array/hide': { body: { message: '2 items hidden', count: 2 } },
    });
    const { user } = openList();
    await screen.findByText('Opening hours');

    await user.click(within(rowOf('Opening hours')).getByRole('checkbox'));
    await user.click(within(rowOf('Contact')).getByRole('checkbox'));
    expect(screen.getByTestId('list-bulk').textContent).toContain('Selected: 2');
    await user.click(screen.getByTestId('list-bulk'));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Hide the selected items (2)?').length).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/content/text/array/hide')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    expect((await screen.findByTestId('notification')).textContent).toContain('2 items hidden');
    expect(api.callsTo('POST /api/content/text/array/hide')[0]?.body).toEqual({ rows: [1, 2] });
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    expect(screen.getByTestId('list-bulk').textContent).not.toContain('Selected');
    // Hiding is no removal: nothing to undo.
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it("offers 'Undo' after a bulk removal, which restores the same rows in one request", async () => {
    const api = stubApi({
      [LIST]: page(ROLE_1),
      'POST /api/content/text/array/destroy': { body: { message: 'Removed: 2.', count: 2 } },
      'POST /api/content/text/array/restore': { body: { message: 'Restored: 2.', count: 2 } },
    });
    const { user } = openList();
    await screen.findByText('Opening hours');

    await user.click(within(rowOf('Opening hours')).getByRole('checkbox'));
    await user.click(within(rowOf('Contact')).getByRole('checkbox'));
    await user.click(screen.getByTestId('list-bulk'));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    await user.click(undo);

    await waitFor(() => expect(api.callsTo('POST /api/content/text/array/restore')).toHaveLength(1));
    expect(api.callsTo('POST /api/content/text/array/restore')[0]?.body).toEqual({ rows: [1, 2] });
    expect((await screen.findByTestId('notification')).textContent).toContain('Restored: 2.');
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(3));
  });
});
