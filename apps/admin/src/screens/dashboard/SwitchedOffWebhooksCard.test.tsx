import { ROLES, type WebhookItem } from '@backoffice/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearUser, setUser } from '../../api/session';
import { stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import { SwitchedOffWebhooksCard } from './SwitchedOffWebhooksCard';

// The dashboard's notice of the webhooks the server switched off after a day of failures, for the administrator.

const STAMP = '2026-11-28T10:00:00.000Z';
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
const webhook = (id: number, name: string, switched_off_at: string | null): WebhookItem => ({
  id,
  name,
  url: 'https://example.com/hook',
  events: ['content.created'],
  active: switched_off_at === null,
  failing_since: switched_off_at,
  switched_off_at,
  created_at: STAMP,
  updated_at: STAMP,
  last_delivery: null,
});

afterEach(() => clearUser('logout'));

describe('the switched-off webhooks notice', () => {
  it('tells the administrator which webhooks the server switched off, linking to each', async () => {
    setUser(user(ROLES.admin));
    stubApi({
      'GET /api/webhooks': { body: { data: [webhook(3, 'Shop', null), webhook(4, 'CRM', STAMP)] } },
    });
    renderInApp(<SwitchedOffWebhooksCard />);
    const notice = await screen.findByTestId('dashboard-webhooks-off');
    expect(notice.textContent).toContain('The server switched off a webhook');
    const link = screen.getByTestId('webhook-off-4');
    expect(link.getAttribute('href')).toBe('/admin/app/settings/webhooks/4');
    expect(link.textContent).toBe('CRM');
    expect(screen.queryByTestId('webhook-off-3')).toBeNull();
  });

  it('shows nothing while every webhook works', async () => {
    setUser(user(ROLES.admin));
    const api = stubApi({ 'GET /api/webhooks': { body: { data: [webhook(3, 'Shop', null)] } } });
    renderInApp(<SwitchedOffWebhooksCard />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('dashboard-webhooks-off')).toBeNull();
  });

  it('asks nothing for an editor, who may not read the webhooks', async () => {
    setUser(user(ROLES.editor));
    const api = stubApi({});
    renderInApp(<SwitchedOffWebhooksCard />);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls).toEqual([]);
    expect(screen.queryByTestId('dashboard-webhooks-off')).toBeNull();
  });
});
