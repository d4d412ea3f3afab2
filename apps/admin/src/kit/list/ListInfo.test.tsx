import type { TextRow } from '@backoffice/shared';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { textResource } from '../../screens/content/text/textResource';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { ResourceList } from './ResourceList';

const LIST = 'GET /api/content/text/';
const rows: TextRow[] = [
  {
    id: 1,
    title: 'Opening hours',
    status: true,
    positions: [],
    updated_at: '2026-11-20T10:00:00.000Z',
    deleted_at: null,
  },
];
const answer = (meta: Record<string, unknown>) => ({
  body: {
    data: rows,
    meta: { current_page: 3, per_page: 20, last_page: 61_729, from: 41, to: 60, ...meta },
    abilities: { create: true, update: true, destroy: true, restore: true },
  },
});
const openList = () =>
  renderInApp(<ResourceList def={{ ...textResource, form: undefined }} />, {
    url: '/admin/app/content/text?page=3',
    path: '/admin/app/content/text/:id?',
  });

describe('the list footer', () => {
  const language = i18next.language;
  afterEach(() => i18next.changeLanguage(language));

  it('says "about 1.2 million" when the server marks the total approximate', async () => {
    await i18next.changeLanguage('en');
    stubApi({ [LIST]: answer({ total: 1_234_567, total_approximate: true }) });
    openList();
    expect((await screen.findByTestId('list-info')).textContent).toBe('Showing 41–60 of about 1.2 million');
  });

  it('says "približne 1,2 milióna" in Slovak', async () => {
    await i18next.changeLanguage('sk');
    stubApi({ [LIST]: answer({ total: 1_234_567, total_approximate: true }) });
    openList();
    expect((await screen.findByTestId('list-info')).textContent).toBe('Zobrazené 41 – 60 z približne 1,2 milióna');
  });

  it('shows an exact total as it is', async () => {
    await i18next.changeLanguage('en');
    stubApi({ [LIST]: answer({ total: 1_234 }) });
    openList();
    expect((await screen.findByTestId('list-info')).textContent).toBe('Showing 41–60 of 1234');
  });
});
