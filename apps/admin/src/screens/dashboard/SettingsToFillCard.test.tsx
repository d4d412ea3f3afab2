import { SETTINGS } from '@backoffice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUser, setUser } from '../../api/session';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { SettingsToFillCard } from './SettingsToFillCard';

// The dashboard's list of the settings a new site still lacks (SETTINGS_REQUIRED), for the administrator.

const user = (role_id: number) => ({
  id: 1,
  name: 'Ada',
  surname: 'Admin',
  email: 'ada@example.com',
  role_id,
  image: null,
  language_code: 'en' as const,
  token: 'x',
});
const both = (value: string) => ({ sk: value, en: value });
/** A record whose keys all hold `value`, but those of `overrides`. */
const record = (
  id: number,
  value: string,
  overrides: Record<string, { sk: string | number | null; en: string | number | null }> = {},
) => ({
  body: {
    data: {
      ...Object.fromEntries(
        (Object.values(SETTINGS).find((s) => s.id === id)?.keys ?? []).map((key) => [key, both(value)]),
      ),
      ...overrides,
    },
    secrets: {},
    updated_at: '2026-11-28T10:00:00.000Z',
    abilities: { update: true, updateSecrets: true },
  },
});

afterEach(() => clearUser('logout'));

describe('the settings to fill in', () => {
  it('lists to the administrator each record with its empty required fields, and the languages they lack', async () => {
    setUser(user(1));
    stubApi({
      'GET /api/settings/1': record(1, '', { meta_title: { sk: 'Titulok', en: '' } }),
      'GET /api/settings/2': record(2, 'Filled', { contact_country_id: { sk: 703, en: 703 } }),
      'GET /api/settings/3': record(3, 'a@example.com', { email_sender_name: both('') }),
    });
    renderInApp(<SettingsToFillCard />);
    const main = await screen.findByTestId('settings-to-fill-main');
    expect(within(main).getByRole('link').getAttribute('href')).toBe('/admin/app/settings/main');
    expect(main.textContent).toContain('Meta title (EN)');
    expect(main.textContent).toContain('Meta description');
    expect(main.textContent).toContain('OG description');
    const email = screen.getByTestId('settings-to-fill-email');
    expect(email.textContent).toContain('Sender name');
    expect(email.textContent).not.toContain('Recipient');
    expect(screen.queryByTestId('settings-to-fill-contact')).toBeNull();
  });

  it('shows nothing once every required field is filled in', async () => {
    setUser(user(1));
    const api = stubApi({
      'GET /api/settings/1': record(1, 'Filled'),
      'GET /api/settings/2': record(2, 'Filled', { contact_country_id: { sk: 703, en: 703 } }),
      'GET /api/settings/3': record(3, 'a@example.com'),
    });
    renderInApp(<SettingsToFillCard />);
    await waitFor(() => expect(api.calls).toHaveLength(3));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('dashboard-settings-to-fill')).toBeNull();
  });

  it('is not shown to an editor, who may not save the settings, and asks nothing', async () => {
    setUser(user(2));
    const api = stubApi({});
    renderInApp(<SettingsToFillCard />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('dashboard-settings-to-fill')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
