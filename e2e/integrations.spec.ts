import { createHmac, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './accounts.js';
import { E2E } from './env.js';
import { confirm, expectSuccess, expectSuccessOf, login } from './helpers.js';

/**
 * Settings → API tokens and Webhooks (docs/features/integrations.md), role 1 only: a token shown once and then by its
 * prefix, revoked; the delivery API's origins; a webhook to a receiver on 127.0.0.1 (the e2e server runs with
 * WEBHOOKS_ALLOW_PRIVATE) pinged and sent again until its log says delivered; an editor kept out.
 */

const SHOTS = '/tmp/shots';

/** The screen as it is, at desktop width and on a 390 px phone (full page), into /tmp/shots; neither scrolls sideways. */
async function snap(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on a free port of 127.0.0.1: keeps what it gets and answers 200 `{"ok":true}`. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks signature a receiver checks: HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
const signatureOf = (secret: string, got: Received) =>
  `v1,${createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${got.headers['webhook-id']}.${got.headers['webhook-timestamp']}.${got.body}`)
    .digest('base64')}`;

/** Opens a screen of the settings group from the side navigation. */
async function openFromNav(page: Page, name: 'settingsApiTokens' | 'settingsWebhooks') {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId(`nav-${name}`).click();
}

const TEXT = {
  sk: {
    tokens: 'API tokeny',
    webhooks: 'Webhooky',
    once: 'Zobrazí sa iba raz.',
    created: 'Položka bola vytvorená.',
    saved: 'Položka bola uložená.',
    removed: 'Položka bola odstránená.',
    queued: 'Doručenie je zaradené do poradia',
    preview: 'Aj nezverejnený (náhľad)',
    published: 'Obsah zverejnený',
    submitted: 'Formulár odoslaný',
    delivered: 'Doručené',
    resend: 'Odoslať znova',
    forbidden: 'Vaša rola vám neumožňuje otvoriť túto obrazovku.',
    switchedOff: 'Server vypol webhook',
  },
  en: {
    tokens: 'API tokens',
    webhooks: 'Webhooks',
    once: 'it is shown only once.',
    created: 'The item has been created.',
    saved: 'The item has been saved.',
    removed: 'The item has been removed.',
    queued: 'The delivery has been queued',
    preview: 'Also unpublished (preview)',
    published: 'Content published',
    submitted: 'Form submitted',
    delivered: 'Delivered',
    resend: 'Send again',
    forbidden: 'Your role does not allow you to open this screen.',
    switchedOff: 'The server switched off a webhook',
  },
} as const;

for (const language of ['sk', 'en'] as const) {
  const text = TEXT[language];

  test.describe(`integrations in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('language', l), language);
      await login(page);
    });

    test(`${language}: a token is shown once, then by its prefix; it reads the delivery API until revoked; an origin is saved`, async ({
      page,
    }) => {
      await openFromNav(page, 'settingsApiTokens');
      await expect(page).toHaveURL(/\/admin\/app\/settings\/api-tokens$/);
      await expect(page.getByTestId('breadcrumbs')).toContainText(text.tokens);

      const name = `Shop ${language} ${randomBytes(3).toString('hex')}`;
      await page.getByTestId('token-create').click();
      await page.getByTestId('field-name').fill(name);
      await page.getByText(text.preview).click();
      await snap(page, `api-token-new-${language}`);
      await page.getByTestId('token-save').click();

      const shown = page.getByTestId('token-shown-value');
      await expect(shown).toHaveValue(/^bo_/);
      const token = await shown.inputValue();
      await expect(page.getByTestId('token-shown')).toContainText(text.once);
      await expectSuccess(page, text.created);
      await snap(page, `api-token-shown-${language}`);
      await expectAccessible(page);
      await page.getByTestId('token-shown-done').click();
      await expect(shown).toHaveCount(0);

      // Listed by its first characters only: the token itself is nowhere on the page any more.
      const row = page.getByRole('row').filter({ has: page.getByTestId('cell-name').getByText(name, { exact: true }) });
      const prefix = (await row.getByTestId('cell-prefix').textContent())?.replace('…', '') ?? '';
      expect(prefix.length).toBeGreaterThan(3);
      expect(token.startsWith(prefix)).toBe(true);
      await expect(row.getByTestId('cell-scope')).toHaveAttribute('data-scope', 'preview');
      expect(await page.content()).not.toContain(token);

      // The token reads the delivery API.
      const bearer = { Authorization: `Bearer ${token}` };
      expect((await page.request.get('/api/delivery/settings', { headers: bearer })).status()).toBe(200);

      // Who may read it: an origin, saved and answered in the CORS header.
      const origin = `https://shop-${language}.example.com`;
      const origins = page.getByTestId('field-cors_origins');
      await expect(origins).toBeEnabled();
      await origins.fill(`not an origin\n${origin}`);
      await page.getByTestId('delivery-access-save').click();
      await expect(page.getByTestId('delivery-access').locator('.ant-form-item-explain-error')).toContainText('1');
      await origins.fill(origin);
      await expectSuccessOf(page, text.saved, () => page.getByTestId('delivery-access-save').click());
      await page.reload();
      await expect(page.getByTestId('field-cors_origins')).toHaveValue(origin);
      const cors = await page.request.get('/api/delivery/settings', { headers: { Origin: origin } });
      expect(cors.headers()['access-control-allow-origin']).toBe(origin);
      await snap(page, `api-tokens-${language}`);
      await expectAccessible(page);

      // Revoked after a confirmation: gone from the list, refused by the delivery API.
      await page
        .getByRole('row')
        .filter({ has: page.getByTestId('cell-name').getByText(name, { exact: true }) })
        .getByTestId('token-revoke')
        .click();
      await expectSuccessOf(page, text.removed, () => confirm(page));
      await expect(page.getByTestId('cell-name').getByText(name, { exact: true })).toHaveCount(0);
      expect((await page.request.get('/api/delivery/settings', { headers: bearer })).status()).toBe(401);
    });

    test(`${language}: a webhook to a local receiver: its secret shown once, a test event and "send again" delivered and signed`, async ({
      page,
    }) => {
      const receiver = await startReceiver();
      try {
        await openFromNav(page, 'settingsWebhooks');
        await expect(page).toHaveURL(/\/admin\/app\/settings\/webhooks$/);

        const name = `Receiver ${language} ${randomBytes(3).toString('hex')}`;
        await page.getByTestId('webhook-create').click();
        const form = page.getByTestId('webhook-form');
        await form.getByTestId('field-name').fill(name);
        await form.getByTestId('field-url').fill(receiver.url);
        await form.getByRole('checkbox', { name: text.published }).check();
        await form.getByRole('checkbox', { name: text.submitted }).check();
        await snap(page, `webhook-new-${language}`);
        await expectAccessible(page);
        await form.getByTestId('form-save').click();
        // The notification first: it hides itself after a few seconds, and the checks of the secret take some.
        await expectSuccess(page, text.created);

        const shown = page.getByTestId('secret-shown-value');
        await expect(shown).toHaveValue(/^whsec_/);
        const secret = await shown.inputValue();
        await expect(page.getByTestId('secret-shown')).toContainText(text.once);
        await expect(page).toHaveURL(/\/admin\/app\/settings\/webhooks\/\d+$/);
        await snap(page, `webhook-secret-${language}`);
        await page.getByTestId('secret-shown-done').click();
        await expect(shown).toHaveCount(0);

        // A test event: its row turns delivered, and the receiver got it signed with the secret.
        await expectSuccessOf(page, text.queued, () => form.getByTestId('webhook-ping').click());
        const rows = form.getByTestId('delivery-row');
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toHaveAttribute('data-status', 'delivered', { timeout: 30_000 });
        await expect(rows.first().getByTestId('delivery-status')).toHaveText(text.delivered);
        await expect(rows.first().getByTestId('delivery-code')).toHaveText('200');
        expect(receiver.received).toHaveLength(1);
        const ping = receiver.received[0];
        if (!ping) throw new Error('the receiver got nothing');
        expect(JSON.parse(ping.body)).toMatchObject({ event: 'ping' });
        expect(ping.headers['webhook-signature']).toBe(signatureOf(secret, ping));

        // Opened, the row shows the first bytes of the answer; "send again" makes a new delivered row, same id.
        await rows
          .first()
          .getByRole('button', { name: /expand|rozbaliť/i })
          .click();
        await expect(form.getByTestId('delivery-excerpt')).toHaveText('{"ok":true}');
        await snap(page, `webhook-log-${language}`);
        // The log itself, scrolled into the panel's view (a full-page shot shows the panel as it opened).
        const log = form.getByTestId('delivery-log');
        await log.screenshot({ path: `${SHOTS}/webhook-log-table-${language}-desktop.png`, animations: 'disabled' });
        await page.setViewportSize({ width: 390, height: 844 });
        await log.screenshot({ path: `${SHOTS}/webhook-log-table-${language}-390.png`, animations: 'disabled' });
        await page.setViewportSize({ width: 1280, height: 800 });
        await expectAccessible(page);
        await expectSuccessOf(page, text.queued, () => rows.first().getByRole('button', { name: text.resend }).click());
        await expect(rows).toHaveCount(2);
        await expect(rows.first()).toHaveAttribute('data-status', 'delivered', { timeout: 30_000 });
        await expect.poll(() => receiver.received.length).toBe(2);
        expect(receiver.received[1]?.headers['webhook-id']).toBe(ping.headers['webhook-id']);

        // Closed, the list shows it on, with its last delivery.
        await form.getByTestId('form-close').click();
        await expect(page).toHaveURL(/\/admin\/app\/settings\/webhooks$/);
        const row = page
          .getByRole('row')
          .filter({ has: page.getByTestId('cell-name').getByText(name, { exact: true }) });
        await expect(row.getByTestId('webhook-state')).toHaveAttribute('data-state', 'on');
        await expect(row.getByTestId('delivery-status')).toHaveAttribute('data-status', 'delivered');
        await snap(page, `webhooks-${language}`);
        await expectAccessible(page);

        // Removed after a confirmation: other specs' changes are not sent to a receiver that has stopped.
        await row.getByTestId('row-edit').click();
        await form.getByTestId('webhook-remove').click();
        await expectSuccessOf(page, text.removed, () => confirm(page));
        await expect(page.getByTestId('cell-name').getByText(name, { exact: true })).toHaveCount(0);
      } finally {
        await receiver.close();
      }
    });
  });

  test(`${language}: a webhook the server switched off is told on the dashboard and stands out in its screen`, async ({
    page,
  }) => {
    await page.addInitScript((l) => localStorage.setItem('language', l), language);
    await login(page);
    // A switch-off takes a day of failures: the server's answers about such an endpoint stand in for it here.
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const off = {
      id: 999_001,
      name: 'CRM',
      url: 'https://crm.example.com/hooks',
      events: ['form.submitted'],
      active: false,
      failing_since: new Date(Date.now() - 25 * 3_600_000).toISOString(),
      switched_off_at: at,
      created_at: at,
      updated_at: at,
      last_delivery: { status: 'failed', response_status: 503, at },
    };
    const failed = {
      id: 5,
      event_id: 'msg_5',
      event: 'form.submitted',
      resource: 'form',
      record_id: 12,
      status: 'failed',
      attempts: 9,
      response_status: 503,
      duration_ms: 120,
      response_excerpt: '<html><body>Service Unavailable</body></html>',
      error: 'the receiver answered 503',
      created_at: at,
      last_attempt_at: at,
      next_attempt_at: null,
    };
    await page.route('**/api/webhooks', (route) => route.fulfill({ json: { data: [off] } }));
    await page.route(`**/api/webhooks/${off.id}`, (route) => route.fulfill({ json: { data: off } }));
    await page.route(new RegExp(`/api/webhooks/${off.id}/deliveries`), (route) =>
      route.fulfill({ json: { data: [failed], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } } }),
    );
    await page.goto('/admin/app/dashboard');
    const notice = page.getByTestId('dashboard-webhooks-off');
    await expect(notice).toContainText(text.switchedOff);
    await snap(page, `dashboard-webhook-off-${language}`);
    await expectAccessible(page);
    await notice.getByRole('link', { name: 'CRM' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/app/settings/webhooks/${off.id}$`));
    await expect(page.getByTestId('webhook-switched-off')).toBeVisible();
    await expect(page.getByTestId('webhook-form').getByTestId('delivery-row')).toHaveAttribute('data-status', 'failed');
    await snap(page, `webhook-off-${language}`);
    await page.getByTestId('webhook-form').getByTestId('form-close').click();
    await expect(page.getByTestId('webhooks-switched-off')).toBeVisible();
    await expect(page.getByTestId(`webhook-row-${off.id}`).getByTestId('webhook-state')).toHaveAttribute(
      'data-state',
      'switchedOff',
    );
    await snap(page, `webhooks-off-${language}`);
    await expectAccessible(page);
  });

  test(`${language}: an editor sees neither screen in the navigation and gets the forbidden screen at their addresses`, async ({
    page,
  }) => {
    await page.addInitScript((l) => localStorage.setItem('language', l), language);
    await login(page, E2E.editor);
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('nav-settingsMain')).toBeVisible();
    await expect(page.getByTestId('nav-settingsApiTokens')).toHaveCount(0);
    await expect(page.getByTestId('nav-settingsWebhooks')).toHaveCount(0);

    for (const path of ['/admin/app/settings/api-tokens', '/admin/app/settings/webhooks']) {
      await page.goto(path);
      await expect(page.getByTestId('forbidden')).toContainText(text.forbidden);
      await expect(page.getByTestId('token-create')).toHaveCount(0);
      await expect(page.getByTestId('webhook-create')).toHaveCount(0);
    }
    await snap(page, `forbidden-${language}`);
    await expectAccessible(page);
    // The server refuses the calls all the same.
    const headers = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
    expect((await page.request.get('/api/api-tokens', { headers })).status()).toBe(403);
    expect((await page.request.get('/api/webhooks', { headers })).status()).toBe(403);
    await page.getByTestId('forbidden-dashboard').click();
    await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);
  });
}
