import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type FrameLocator,
  type Locator,
  type Page,
} from '@playwright/test';
import { E2E, e2eServer } from './env.js';

export interface Credentials {
  email: string;
  password: string;
}

/** Signs in through the login screen and waits for the dashboard. */
export async function login(page: Page, who: Credentials = E2E.admin): Promise<void> {
  await page.goto('/admin/login');
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await expect(page.getByTestId('login-submit')).toBeEnabled();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/admin\/app\/dashboard$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** Signs out through the user menu and waits for the login screen. */
export async function logout(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

/** A full-page screenshot into the (git-ignored) screenshots folder, with transitions finished. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(E2E.screenshots, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** The notification bar holds a success message with this text. */
export async function expectSuccess(page: Page, text: string | RegExp): Promise<void> {
  // One locator for both, so a notification that hides itself between two checks cannot split them.
  await expect(page.getByTestId('notification').filter({ hasText: text })).toHaveAttribute('data-type', 'success');
}

/**
 * Runs `action` (the click that saves, the confirmation's OK, a bulk action) with its success notification already
 * looked for (expectSuccess). The bar hides itself after 4 s; a test runner that falls behind on a busy machine began
 * to look 4.9 and 6.6 s after the save's answer and found none. Every spec's success check goes through it, except where
 * the notification is checked after other steps (the upload's, the webhook's).
 */
export async function expectSuccessOf(
  page: Page,
  text: string | RegExp,
  action: () => Promise<unknown>,
): Promise<void> {
  await Promise.all([expectSuccess(page, text), action()]);
}

/**
 * Presses OK on the open confirmation (a `modal.confirm` or a Popconfirm, its button `confirm-ok`) once it has finished
 * opening. antd mounts an opening confirmation at full size but transparent, its OK already taking clicks, and only
 * then zooms it from a fifth of its size: a press in those first frames is released beside the moved button and the
 * click is lost, the dialog staying open. While it opens, rc-motion keeps a `…-appear` or `…-enter` class on it
 * (`ant-zoom-appear`, `ant-zoom-big-enter`); the bulk menu's confirmations open without motion. Nothing is awaited
 * after the press, so the 4 s notification the action ends with is looked for at once.
 */
export async function confirm(scope: Page | FrameLocator): Promise<void> {
  // Only the shown one: a Popconfirm once answered stays in the page, hidden.
  const ok = scope.getByTestId('confirm-ok').filter({ visible: true });
  await expect(ok).toHaveCount(1);
  const opening = ok.locator(
    'xpath=ancestor-or-self::*[contains(concat(@class, " "), "-appear ") or contains(concat(@class, " "), "-enter ")]',
  );
  await expect(opening, 'the confirmation has finished opening').toHaveCount(0);
  await ok.click();
}

const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/** The headers of a write: the URL-decoded XSRF-TOKEN cookie of the context, as the admin sends it. */
export async function writeHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  if (!xsrf) throw new Error('No XSRF-TOKEN cookie: sign in first');
  return { ...JSON_HEADERS, 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) };
}

export interface TextSeed {
  sk: string;
  en: string;
  positions?: number[];
  status?: boolean;
}

/** Creates a text through the API with the signed-in page's session; answers its id. */
export async function apiCreateText(page: Page, text: TextSeed): Promise<number> {
  const response = await page.request.post('/api/content/text/', {
    headers: await writeHeaders(page.context()),
    data: {
      langs: {
        sk: { title: text.sk, content: `<p>${text.sk}</p>` },
        en: { title: text.en, content: `<p>${text.en}</p>` },
      },
      positions: text.positions ?? [1],
      status: text.status ?? true,
    },
  });
  expect(response.status()).toBe(201);
  const body: { data: { id: number } } = await response.json();
  return body.data.id;
}

/** The id of the first text whose title (in Slovak) matches the search. */
export async function apiFindText(page: Page, search: string): Promise<number> {
  const response = await page.request.get('/api/content/text/', { headers: JSON_HEADERS, params: { search } });
  expect(response.ok()).toBe(true);
  const body: { data: { id: number }[] } = await response.json();
  const first = body.data[0];
  if (!first) throw new Error(`No text matches ${search}`);
  return first.id;
}

const outbox = () => join(e2eServer().dataDir, 'outbox');

/** The names of the mails written so far (the outbox folder appears with the first mail). */
export async function outboxFiles(): Promise<string[]> {
  try {
    return (await readdir(outbox())).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/** Decodes quoted-printable text: soft line breaks, then =XX bytes read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Waits for a new mail to `to` (one not in `before`) and answers the reset link it carries. */
export async function resetLinkFromOutbox(to: string, before: readonly string[]): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        for (const name of (await outboxFiles()).filter((file) => !before.includes(file))) {
          const mail = decodeQuotedPrintable(await readFile(join(outbox(), name), 'utf8'));
          if (!new RegExp(`^To: .*${to}`, 'mi').test(mail)) continue;
          const found = mail.match(/https?:\/\/[^\s"<>]+\/admin\/reset-password\?[^\s"<>]+/);
          if (found) link = found[0].replaceAll('&amp;', '&');
        }
        return link;
      },
      { message: `a reset mail to ${to} in ${outbox()}` },
    )
    .not.toBe('');
  return link;
}

/** Sets a user's password through the mailed reset link, without the browser (to restore it after a test). */
export async function apiResetPassword(request: APIRequestContext, email: string, password: string): Promise<void> {
  await request.get('/sanctum/csrf-cookie', { headers: JSON_HEADERS });
  const state = await request.storageState();
  const xsrf = state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
  const headers = { ...JSON_HEADERS, 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') };
  const before = await outboxFiles();
  expect((await request.post('/api/password', { headers, data: { email } })).ok()).toBe(true);
  const link = new URL(await resetLinkFromOutbox(email, before));
  const token = link.searchParams.get('token') ?? '';
  const reset = await request.post('/api/password/reset', {
    headers,
    data: { token, email, password, password_2: password },
  });
  expect(reset.ok()).toBe(true);
}

/** Creates a record of any content resource through the API (e.g. `/api/content/category/`); answers its id. */
export async function apiCreate(page: Page, path: string, data: Record<string, unknown>): Promise<number> {
  const response = await page.request.post(path, { headers: await writeHeaders(page.context()), data });
  expect(response.status(), await response.text()).toBe(201);
  const body: { data: { id: number } } = await response.json();
  return body.data.id;
}

/** Runs a bulk action (`POST <base>array/{action}`, e.g. `/api/user/` and `activate`) through the API. */
export async function apiBulk(page: Page, base: string, action: string, rows: number[]): Promise<void> {
  const response = await page.request.post(`${base}array/${action}`, {
    headers: await writeHeaders(page.context()),
    data: { rows },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A valid 1×1 PNG, for image uploads. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Matches exactly `text` (an option's whole label). */
const exactText = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Picks an option in the open antd select dropdown by its text. */
export async function pickOption(page: Page, text: string): Promise<void> {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const option = open.locator('.ant-select-item-option').filter({ hasText: exactText(text) });
  // A long list is virtual: an option below its fold is not in the page. As a user would, the select's search is
  // typed into (the focused field), which narrows the list to the option.
  await expect(open.locator('.ant-select-item-option').first()).toBeVisible();
  if ((await option.count()) === 0) await page.keyboard.type(text);
  // Options that arrive while the list is open are rendered anew; a click on the outgoing node is lost, as a
  // user's would be, so the click is repeated until the list closes.
  await expect(async () => {
    if ((await open.count()) > 0) await option.click({ timeout: 5_000 });
    await expect(open).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Adds the option `text` to the multiple choice `field` and closes its list. The options may arrive while the list is
 * open (a click on an outgoing node is lost), so the pick is repeated until the field shows it — never twice, as a
 * second click would take the choice back.
 */
export async function pickMultiOption(page: Page, field: Locator, text: string): Promise<void> {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if ((await field.textContent())?.includes(text)) return;
    if ((await open.count()) === 0) await field.click();
    await open
      .locator('.ant-select-item-option')
      .filter({ hasText: exactText(text) })
      .click({ timeout: 5_000 });
    await expect(field).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

/** The table row whose title cell reads exactly `title`. */
export function rowOf(page: Page, title: string): Locator {
  return page.getByRole('row').filter({ has: page.getByTestId('cell-title').getByText(title, { exact: true }) });
}

/** The translated fields of a page or category for the API, only title and title_url filled. */
export const pageLikeLang = (title: string, title_url: string) => ({
  title,
  title_url,
  content: '',
  teaser: '',
  page_text: '',
  meta_title: '',
  meta_description: '',
  claim: '',
});

/**
 * A PNG of width × height: a colour gradient with noise in the low bits, so it neither compresses away nor looks
 * like static. Big enough (about 700 KB at 600 × 400) for the upload progress to be seen on a throttled line.
 */
export function gradientPng(width: number, height: number): Buffer {
  const noise = randomBytes(width * height * 3);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const at = row + 1 + x * 3;
      const n = y * width * 3 + x * 3;
      raw[at] = Math.min(255, Math.round((x / width) * 200) + ((noise[n] ?? 0) & 31));
      raw[at + 1] = Math.min(255, Math.round((y / height) * 160) + 60 + ((noise[n + 1] ?? 0) & 31));
      raw[at + 2] = Math.min(255, 210 - Math.round((x / width) * 120) + ((noise[n + 2] ?? 0) & 31));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A day in the site's calendar (the statistics', Europe/Bratislava), YYYY-MM-DD, `back` days before today. */
export const siteDay = (back = 0): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Bratislava',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(Date.now() - back * 86_400_000);
