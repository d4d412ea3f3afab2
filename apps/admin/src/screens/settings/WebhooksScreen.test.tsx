import type { WebhookDelivery, WebhookItem } from '@backoffice/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Routes, stubApi } from '../../test/api';
import { renderInApp } from '../../test/render';
import WebhooksScreen from './WebhooksScreen';

// Settings → Webhooks (docs/features/integrations.md): the list with each endpoint's state, the form checked with the
// shared schema, the secret shown once, the test event and the delivery log with "Send again".

const STAMP = '2026-11-28T10:00:00.000Z';
const LIST = '/admin/app/settings/webhooks';
const PATH = '/admin/app/settings/webhooks/:id?';

const webhook = (over: Partial<WebhookItem> = {}): WebhookItem => ({
  id: 9,
  name: 'Shop',
  url: 'https://shop.example.com/hook',
  events: ['content.published', 'form.submitted'],
  active: true,
  failing_since: null,
  switched_off_at: null,
  created_at: STAMP,
  updated_at: STAMP,
  last_delivery: null,
  ...over,
});
const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 31,
  event_id: 'msg_1',
  event: 'content.published',
  resource: 'page',
  record_id: 12,
  status: 'failed',
  attempts: 3,
  response_status: 500,
  duration_ms: 42,
  response_excerpt: '{"error":"down"}',
  error: 'the receiver answered 500',
  created_at: STAMP,
  last_attempt_at: STAMP,
  next_attempt_at: null,
  ...over,
});
const page = (rows: WebhookDelivery[]) => ({
  body: { data: rows, meta: { current_page: 1, per_page: 25, total: rows.length, last_page: 1 } },
});

function stub(routes: Routes = {}) {
  return stubApi({
    'GET /api/webhooks': { body: { data: [webhook()] } },
    'GET /api/webhooks/9': { body: { data: webhook() } },
    'GET /api/webhooks/9/deliveries': page([]),
    ...routes,
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('webhooks', () => {
  it('lists the endpoints with their state; one the server switched off stands out', async () => {
    stub({
      'GET /api/webhooks': {
        body: {
          data: [
            webhook(),
            webhook({ id: 10, name: 'CRM', active: false, switched_off_at: STAMP, failing_since: STAMP }),
            webhook({
              id: 11,
              name: 'Search',
              failing_since: STAMP,
              last_delivery: { status: 'failed', response_status: 503, at: STAMP },
            }),
          ],
        },
      },
    });
    renderInApp(<WebhooksScreen />, { url: LIST, path: PATH });
    await screen.findByTestId('webhook-row-10');
    const states = screen.getAllByTestId('webhook-state').map((tag) => tag.getAttribute('data-state'));
    expect(states).toEqual(['on', 'switchedOff', 'failing']);
    expect(screen.getByTestId('webhooks-switched-off').textContent).toContain('The server switched off a webhook');
    expect(screen.getByTestId('webhook-row-10').className).toContain('bo-webhook-row-off');
    expect(within(screen.getByTestId('webhook-row-11')).getByTestId('cell-last-delivery').textContent).toContain('503');
    expect(within(screen.getByTestId('webhook-row-9')).getByText('Content published, Form submitted')).toBeTruthy();
  });

  it('sends nothing without an event, then makes the endpoint and shows its secret once', async () => {
    const api = stub({ 'GET /api/webhooks': { body: { data: [] } } });
    api.routes['POST /api/webhooks'] = {
      status: 201,
      body: { message: 'Saved.', data: { ...webhook(), secret: 'whsec_c2VjcmV0' } },
    };
    const { user, router } = renderInApp(<WebhooksScreen />, { url: LIST, path: PATH });
    await user.click(await screen.findByTestId('webhook-create'));
    await user.type(field('Name'), 'Shop');
    await user.type(field('Address (URL)'), 'https://shop.example.com/hook');
    await user.click(screen.getByTestId('form-save'));
    expect(await screen.findByText('Select at least one option.')).toBeTruthy();
    expect(api.callsTo('POST /api/webhooks')).toHaveLength(0);

    const events = screen.getByRole('group', { name: 'Events' });
    expect(events.getAttribute('aria-required')).toBeNull();
    await user.click(within(events).getByRole('checkbox', { name: /Content published/ }));
    await user.click(screen.getByRole('checkbox', { name: /Form submitted/ }));
    await user.click(screen.getByTestId('form-save'));
    const secret = (await screen.findByTestId('secret-shown-value')) as HTMLInputElement;
    expect(api.callsTo('POST /api/webhooks')[0]?.body).toEqual({
      name: 'Shop',
      url: 'https://shop.example.com/hook',
      events: ['content.published', 'form.submitted'],
      active: true,
    });
    expect(secret.value).toBe('whsec_c2VjcmV0');
    expect(screen.getByText('Copy it now and keep it safe: it is shown only once.')).toBeTruthy();
    // The new endpoint opens, its test event and log at hand.
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/9`));
    await user.click(screen.getByTestId('secret-shown-done'));
    expect(await screen.findByTestId('webhook-ping')).toBeTruthy();
    expect(await screen.findByTestId('delivery-empty')).toBeTruthy();
  });

  it('saves an edit with the loaded updated_at; a private address and a 409 are shown on the form', async () => {
    const api = stub();
    api.routes['POST /api/webhooks/9'] = {
      status: 422,
      body: { message: 'The given data was invalid.', errors: { url: ['errors.webhookAddress'] } },
    };
    const { user } = renderInApp(<WebhooksScreen />, { url: `${LIST}/9`, path: PATH });
    await waitFor(() => expect(field('Name').value).toBe('Shop'));
    await user.clear(field('Address (URL)'));
    await user.type(field('Address (URL)'), 'http://127.0.0.1/hook');
    await user.click(screen.getByTestId('form-save'));
    expect(
      await screen.findByText('This address cannot receive webhooks: it must be a public http(s) address.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/webhooks/9')[0]?.body).toEqual({
      name: 'Shop',
      url: 'http://127.0.0.1/hook',
      events: ['content.published', 'form.submitted'],
      active: true,
      updated_at: STAMP,
    });

    api.routes['POST /api/webhooks/9'] = { status: 409, body: { message: 'Someone else saved it.' } };
    await user.click(screen.getByTestId('form-save'));
    expect(await screen.findByTestId('stale-update')).toBeTruthy();
  });

  it('offers to turn an endpoint the server switched off on again', async () => {
    const off = webhook({ active: false, switched_off_at: STAMP, failing_since: STAMP });
    const api = stub({ 'GET /api/webhooks/9': { body: { data: off } } });
    api.routes['POST /api/webhooks/9'] = { body: { message: 'Saved.', data: webhook() } };
    const { user } = renderInApp(<WebhooksScreen />, { url: `${LIST}/9`, path: PATH });
    const alert = await screen.findByTestId('webhook-switched-off');
    await waitFor(() => expect(field('Name').value).toBe('Shop'));
    api.routes['GET /api/webhooks/9'] = { body: { data: webhook() } };
    await user.click(within(alert).getByTestId('webhook-turn-on'));
    await waitFor(() => expect(api.callsTo('POST /api/webhooks/9')).toHaveLength(1));
    expect(api.callsTo('POST /api/webhooks/9')[0]?.body).toMatchObject({ active: true, updated_at: STAMP });
    await waitFor(() => expect(screen.queryByTestId('webhook-switched-off')).toBeNull());
  });

  it('sends a test event, and shows the log: a row opens to its error and answer, and is sent again', async () => {
    const api = stub({ 'GET /api/webhooks/9/deliveries': page([delivery()]) });
    api.routes['POST /api/webhooks/9/ping'] = { body: { message: 'Queued.' } };
    api.routes['POST /api/webhooks/9/deliveries/31/resend'] = { body: { message: 'Queued.' } };
    const { user } = renderInApp(<WebhooksScreen />, { url: `${LIST}/9`, path: PATH });
    const row = await screen.findByTestId('delivery-row');
    expect(within(row).getByTestId('delivery-event').textContent).toBe('Content published');
    expect(within(row).getByText('page #12')).toBeTruthy();
    expect(within(row).getByTestId('delivery-status').textContent).toBe('Failed');
    expect(within(row).getByTestId('delivery-code').textContent).toBe('500');
    expect(within(row).getByText('42 ms')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: /expand/i }));
    expect((await screen.findByTestId('delivery-error')).textContent).toBe('the receiver answered 500');
    expect(screen.getByTestId('delivery-excerpt').textContent).toBe('{"error":"down"}');

    await user.click(screen.getByTestId('webhook-ping'));
    await waitFor(() => expect(api.callsTo('POST /api/webhooks/9/ping')).toHaveLength(1));

    api.routes['GET /api/webhooks/9/deliveries'] = page([
      delivery({ id: 32, status: 'delivered', response_status: 200, error: '' }),
      delivery(),
    ]);
    await user.click(within(row).getByTestId('delivery-resend'));
    await waitFor(() => expect(api.callsTo('POST /api/webhooks/9/deliveries/31/resend')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getAllByTestId('delivery-row').map((r) => r.getAttribute('data-status'))).toEqual([
        'delivered',
        'failed',
      ]),
    );
  });

  it('gives the endpoint a new secret only after a confirmation, and shows it once', async () => {
    const api = stub();
    api.routes['POST /api/webhooks/9/secret'] = {
      body: { message: 'Saved.', data: { ...webhook(), secret: 'whsec_bmV3' } },
    };
    const { user } = renderInApp(<WebhooksScreen />, { url: `${LIST}/9`, path: PATH });
    await user.click(await screen.findByTestId('webhook-new-secret'));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm.textContent).toContain('The old one stops working at once');
    expect(api.callsTo('POST /api/webhooks/9/secret')).toHaveLength(0);
    await user.click(within(confirm).getByTestId('confirm-ok'));
    expect(((await screen.findByTestId('secret-shown-value')) as HTMLInputElement).value).toBe('whsec_bmV3');
  });
});
