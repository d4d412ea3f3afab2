import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { login } from './helpers.js';

/**
 * axe-core on every admin screen in both languages (WCAG 2.0/2.1/2.2 A and AA): a serious or critical
 * violation fails; the counts per screen go to node_modules/.cache/a11y/ (JSON and markdown) and the console.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const REPORT_DIR = join(import.meta.dirname ?? '.', '..', 'node_modules', '.cache', 'a11y');
const LANGUAGES = ['sk', 'en'] as const;

/** A list screen, and the API that lists its records (the open form takes the first record's id). */
const RESOURCES = [
  { name: 'page', list: '/admin/app/content/page', api: '/api/content/page/' },
  { name: 'text', list: '/admin/app/content/text', api: '/api/content/text/' },
  { name: 'category', list: '/admin/app/content/category', api: '/api/content/category/' },
  { name: 'panel', list: '/admin/app/content/panel', api: '/api/content/panel/' },
  { name: 'news', list: '/admin/app/news', api: '/api/blog/' },
  { name: 'gallery', list: '/admin/app/gallery', api: '/api/gallery/' },
  { name: 'reference', list: '/admin/app/reference', api: '/api/reference/' },
  { name: 'partner', list: '/admin/app/partner', api: '/api/partner/' },
  { name: 'formContact', list: '/admin/app/form/contact', api: '/api/form/contact/' },
  { name: 'formPrice', list: '/admin/app/form/price', api: '/api/form/price/' },
  { name: 'formRegistration', list: '/admin/app/form/registration', api: '/api/form/registration/' },
  { name: 'user', list: '/admin/app/user', api: '/api/user/' },
  { name: 'mail', list: '/admin/app/mail', api: '/api/mail/' },
] as const;

const SCREENS = [
  { name: 'dashboard', path: '/admin/app/dashboard' },
  { name: 'navigation', path: '/admin/app/content/navigation' },
  { name: 'settingsMain', path: '/admin/app/settings/main' },
  { name: 'settingsContact', path: '/admin/app/settings/contact' },
  { name: 'settingsEmail', path: '/admin/app/settings/email' },
  { name: 'settingsSocial', path: '/admin/app/settings/social' },
  { name: 'statsTraffic', path: '/admin/app/stats/traffic' },
  { name: 'statsContent', path: '/admin/app/stats/content' },
  { name: 'statsSource', path: '/admin/app/stats/source' },
  { name: 'statsDemography', path: '/admin/app/stats/demography' },
  { name: 'statsDevice', path: '/admin/app/stats/device' },
  { name: 'filemanager', path: '/admin/filemanager' },
  { name: 'notFound', path: '/admin/app/no-such-screen' },
] as const;

interface ScreenResult {
  screen: string;
  language: string;
  serious: number;
  critical: number;
  other: number;
  rules: string[];
}

const results: ScreenResult[] = [];

/** The screen has loaded: no spinner, no running request, animations over. */
async function settled(page: Page): Promise<void> {
  // Some screens poll; a quiet network is waited for only briefly.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning, .bo-page-loading')).toHaveCount(0);
  await page.waitForTimeout(400);
}

async function audit(page: Page, screen: string, language: string): Promise<void> {
  await settled(page);
  // Links inside an edited document are its content, not controls (a click there places the cursor), so the
  // target-size rule does not apply to them.
  const { violations, testEngine } = await new AxeBuilder({ page }).withTags(TAGS).exclude('.ProseMirror a').analyze();
  // 4.14 is the first to run label-content-name-mismatch (a control's name must hold its visible text).
  const [major = 0, minor = 0] = testEngine.version.split('.').map(Number);
  expect(major * 100 + minor, `axe-core ${testEngine.version}`).toBeGreaterThanOrEqual(414);
  const nodes = (impact: string) =>
    violations.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const result: ScreenResult = {
    screen,
    language,
    serious: nodes('serious'),
    critical: nodes('critical'),
    other: violations.filter((v) => !blocking.includes(v)).reduce((sum, v) => sum + v.nodes.length, 0),
    rules: violations.map((v) => `${v.id}(${v.impact}):${v.nodes.length}`),
  };
  results.push(result);
  const details = blocking.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  console.log(`axe ${screen} (${language}): ${result.critical} critical, ${result.serious} serious nodes`, details);
  await writeReport(false);
  expect.soft(details, `${screen} (${language}) has serious or critical axe violations`).toEqual([]);
}

/** The id of the first record the API lists, if any. */
async function firstId(page: Page, api: string): Promise<number | undefined> {
  const response = await page.request.get(api, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(response.ok()).toBe(true);
  const body: { data: { id: number }[] } = await response.json();
  return body.data[0]?.id;
}

/** Merges this worker's results into the report (a failed test restarts the worker, which starts empty). */
async function writeReport(print = true): Promise<void> {
  await mkdir(REPORT_DIR, { recursive: true });
  const file = join(REPORT_DIR, 'report.json');
  const earlier: ScreenResult[] = JSON.parse(await readFile(file, 'utf8').catch(() => '[]'));
  const key = (r: ScreenResult) => `${r.screen}|${r.language}`;
  const fresh = new Set(results.map(key));
  const all = [...earlier.filter((r) => !fresh.has(key(r))), ...results].sort(
    (a, b) => a.screen.localeCompare(b.screen) || a.language.localeCompare(b.language),
  );
  await writeFile(file, `${JSON.stringify(all, null, 2)}\n`);
  const rows = all.map(
    (r) => `| ${r.screen} | ${r.language} | ${r.critical} | ${r.serious} | ${r.other} | ${r.rules.join(', ')} |`,
  );
  const table = [
    '| screen | lang | critical nodes | serious nodes | other nodes | rules |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  await writeFile(join(REPORT_DIR, 'report.md'), `${table}\n`);
  if (print) console.log(table);
}

test.afterAll(async () => writeReport());

for (const language of LANGUAGES) {
  test.describe(`axe in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    });

    test(`sign-in screen (${language})`, async ({ page }) => {
      await page.goto('/admin/login');
      await expect(page.getByTestId('login-submit')).toBeVisible();
      await audit(page, 'login', language);
    });

    test(`the top bar on a phone (${language})`, async ({ page }) => {
      // At 390 px the search button shows only its icon and the user menu only the initial.
      await page.setViewportSize({ width: 390, height: 844 });
      await login(page);
      await audit(page, 'dashboard 390 px', language);
    });

    test(`every signed-in screen (${language})`, async ({ page }) => {
      test.setTimeout(600_000);
      await login(page);
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await audit(page, screen.name, language);
      }
      for (const resource of RESOURCES) {
        await page.goto(resource.list);
        await expect(page.locator('.ant-table')).toBeVisible();
        await audit(page, `${resource.name} list`, language);
        const id = await firstId(page, resource.api);
        if (id === undefined) {
          await page.getByTestId('list-create').click();
        } else {
          await page.goto(`${resource.list}/${id}`);
        }
        await expect(page.getByRole('dialog').first()).toBeVisible();
        await audit(page, `${resource.name} form`, language);
        if (resource.name === 'gallery' && id !== undefined) {
          await page.goto(`${resource.list}/${id}/images`);
          await audit(page, 'gallery images', language);
        }
      }
    });
  });
}
