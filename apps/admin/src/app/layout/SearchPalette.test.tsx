import { ROLES, SEARCH_TYPES, type SearchHit, type SearchType, searchUrl } from '@backoffice/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearUser, setUser } from '../../api/session';
import { type RouteName, routePath } from '../../routes/paths';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { SearchPalette } from './SearchPalette';

// The search palette (docs/features/search.md): Ctrl-K or the button, screens by name, records from the server,
// arrows and Enter, Esc.

const SEARCH = 'GET /api/search';
const hits: SearchHit[] = [
  { type: 'page', id: 12, title: 'Cestná doprava', locale: 'sk', url: '/admin/app/content/page/12' },
  { type: 'user', id: 3, title: 'Ján Novák · jan@example.com', locale: null, url: '/admin/app/user/3' },
];

const someone = {
  id: 1,
  name: 'Ada',
  surname: 'Admin',
  email: 'ada@example.com',
  role_id: ROLES.admin as number,
  image: null,
  language_code: 'en' as const,
  token: 'x',
};

function renderPalette() {
  return renderInApp(<SearchPalette />, { url: '/admin/app/dashboard' });
}

describe('SearchPalette', () => {
  it('Ctrl-K opens it; a query asks the server once typing pauses and lists the records with their kind', async () => {
    const api = stubApi({ [SEARCH]: { body: { data: hits } } });
    renderPalette();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByTestId('search-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.change(input, { target: { value: 'cestna' } });
    const items = await screen.findAllByTestId('search-item');
    expect(items.map((item) => item.textContent)).toEqual(['PageCestná dopravaSK', 'UserJán Novák · jan@example.com']);
    expect(api.callsTo(SEARCH)).toHaveLength(1);
    expect(api.callsTo(SEARCH)[0].query.get('q')).toBe('cestna');
    expect(api.callsTo(SEARCH)[0].query.get('limit')).toBe('20');
  });

  it('finds screens by name without the server, records after them; arrows move and Enter opens', async () => {
    stubApi({ [SEARCH]: { body: { data: hits } } });
    const { router } = renderPalette();
    await (await screen.findByTestId('search-open')).click();
    const input = await screen.findByTestId('search-input');
    fireEvent.change(input, { target: { value: 'registr' } });
    await waitFor(() => expect(screen.getAllByTestId('search-item').length).toBe(3));
    const options = screen.getAllByRole('option');
    expect(options[0].textContent).toContain('Registrations');
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1].id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    // Past the first line the last one is chosen.
    expect(screen.getAllByRole('option')[2].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/app/user/3'));
    await waitFor(() => expect(screen.queryByTestId('search-input')).toBeNull());
  });

  it('Esc closes it; opened again it starts empty; a failed search says so', async () => {
    stubApi({ [SEARCH]: { status: 500, body: { message: 'Database unavailable' } } });
    renderPalette();
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    const input = await screen.findByTestId('search-input');
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('The search failed. Try again.')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('search-input')).toBeNull());
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect((await screen.findByTestId('search-input')).getAttribute('value')).toBe('');
    expect(within(screen.getByTestId('search-palette')).getByText(/Type to find/)).toBeTruthy();
  });

  it('offers only the screens the role may open: the integrations to role 1, not to an editor', async () => {
    const find = async () => {
      const input = await screen.findByTestId('search-input');
      fireEvent.change(input, { target: { value: 'webhook' } });
      await new Promise((r) => setTimeout(r, 50));
      return screen.queryAllByTestId('search-item').map((item) => item.textContent);
    };
    stubApi({ [SEARCH]: { body: { data: [] } } });
    setUser({ ...someone, role_id: ROLES.editor });
    renderPalette();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(await find()).toEqual([]);
    cleanup();

    setUser({ ...someone, role_id: ROLES.admin });
    renderPalette();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await waitFor(async () => expect((await find()).some((text) => text?.includes('Webhooks'))).toBe(true));
    clearUser('logout');
  });

  it("each kind of hit leads to its form's route in the route table", () => {
    const routes: Record<SearchType, RouteName> = {
      page: 'contentPage',
      text: 'contentText',
      category: 'contentCategory',
      panel: 'contentPanel',
      news: 'news',
      gallery: 'gallery',
      reference: 'reference',
      partner: 'partner',
      mail: 'mail',
      user: 'user',
      contact: 'formContact',
      price: 'formPriceOffer',
      registration: 'formRegistration',
    };
    for (const type of SEARCH_TYPES) expect(searchUrl(type, 7), type).toBe(routePath(routes[type], { id: 7 }));
  });
});
