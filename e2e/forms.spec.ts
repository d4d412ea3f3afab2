import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { E2E, e2eServer } from './env.js';
import { confirm, decodeQuotedPrintable, expectSuccessOf, login, outboxFiles, shot } from './helpers.js';

/** The new mails since `before`, decoded, each with its recipient line. */
async function newMails(before: readonly string[]): Promise<string[]> {
  const names = (await outboxFiles()).filter((name) => !before.includes(name));
  return Promise.all(
    names.map(async (name) => decodeQuotedPrintable(await readFile(join(e2eServer().dataDir, 'outbox', name), 'utf8'))),
  );
}

/** Waits for a mail to `to` among the new ones that mentions `text`. */
async function expectMail(before: readonly string[], to: string, text: string) {
  await expect
    .poll(
      async () => (await newMails(before)).some((m) => new RegExp(`^To: .*${to}`, 'mi').test(m) && m.includes(text)),
      {
        message: `a mail to ${to} mentioning ${text}`,
      },
    )
    .toBe(true);
}

/** The submission list row that shows `name`. */
const rowNamed = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('a visitor sends the contact form; errors show beside the fields; the message is listed, detailed and mailed', async ({
  page,
}) => {
  await page.goto('/en/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact form' }).click();
  await expect(page).toHaveURL(/\/en\/form\/contact$/);
  await expect(page.getByRole('heading', { name: 'Contact form' })).toBeVisible();
  // The honeypot is there for bots, but not for people: off-screen and out of the accessibility tree.
  await expect(page.locator('input[name="website"]')).not.toBeInViewport();
  await expect(page.getByRole('textbox', { name: /Do not fill/ })).toHaveCount(0);
  await shot(page, 'site-form-contact');

  await page.getByLabel('Company').fill('Horák & <Syn>');
  await page.getByLabel('Name').fill('M');
  await page.getByLabel('E-mail').fill('martin.e2e@example.com');
  await page.getByLabel('Phone').fill('+421 905 123 456');
  await page.getByLabel('Message').fill('Do you have free capacity in May?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('#f-name-error')).toHaveText('Enter at least 2 characters.');
  await expect(page.getByLabel('Company')).toHaveValue('Horák & <Syn>');
  await expect(page.getByLabel('Message')).toHaveValue('Do you have free capacity in May?');
  await shot(page, 'site-form-contact-errors');

  const before = await outboxFiles();
  await page.getByLabel('Name').fill('Martin E2E');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/en\/form\/contact\?sent=1$/);
  await expect(page.getByTestId('form-sent')).toHaveText('Thank you, your message has been sent.');
  await shot(page, 'site-form-contact-sent');
  await expectMail(before, 'office@example.com', 'Martin E2E');
  await expectMail(before, 'martin.e2e@example.com', 'Martin E2E');

  await login(page);
  await page.goto('/admin/app/form');
  await expect(page).toHaveURL(/\/admin\/app\/form\/contact$/);
  const row = rowNamed(page, 'Martin E2E');
  await expect(row).toContainText('martin.e2e@example.com');
  await expect(page.getByTestId('list-create')).toHaveCount(0);
  await shot(page, 'admin-form-contact-list');
  await row.getByTestId('row-detail').click();
  const panel = page.getByTestId('resource-detail');
  await expect(panel.getByTestId('detail-company')).toHaveText('Horák & <Syn>');
  await expect(panel.getByRole('link', { name: 'martin.e2e@example.com' })).toHaveAttribute(
    'href',
    'mailto:martin.e2e@example.com',
  );
  await expect(panel.getByRole('link', { name: '+421 905 123 456' })).toHaveAttribute('href', 'tel:+421905123456');
  await expect(panel.getByTestId('detail-message')).toHaveText('Do you have free capacity in May?');
  await expect(panel.getByTestId('detail-language')).toHaveText('English');
  await shot(page, 'admin-form-contact-detail');

  await panel.getByTestId('detail-remove').click();
  await expectSuccessOf(page, 'odstránená', () => confirm(page));
  await expect(panel).toBeHidden();
  await expect(rowNamed(page, 'Martin E2E')).toHaveCount(0);
});

test('a price-offer request from the site shows every field in its detail panel', async ({ page }) => {
  await page.goto('/sk/form/price');
  await expect(page.getByRole('heading', { name: 'Žiadosť o cenovú ponuku' })).toBeVisible();
  await page.getByLabel('Názov firmy').fill('Štrkovňa E2E s.r.o.');
  await page.getByLabel('Kontaktná osoba').fill('Eva Malá');
  await page.getByLabel('E-mail').fill('eva.e2e@example.com');
  await page.getByLabel(/^Materiál/).fill('Štrk');
  await page.getByLabel('Hmotnosť').fill('25 t');
  await page.getByLabel('Poznámka').fill('Dovoz v sobotu');
  await shot(page, 'site-form-price');
  const before = await outboxFiles();
  await page.getByRole('button', { name: 'Odoslať' }).click();
  await expect(page.getByTestId('form-sent')).toBeVisible();
  await expectMail(before, 'eva.e2e@example.com', 'Štrkovňa E2E');

  await login(page);
  await page.goto('/admin/app/form/price');
  await rowNamed(page, 'Štrkovňa E2E s.r.o.').getByTestId('row-detail').click();
  const panel = page.getByTestId('resource-detail');
  await expect(panel.getByTestId('detail-material')).toHaveText('Štrk');
  await expect(panel.getByTestId('detail-weight')).toHaveText('25 t');
  await expect(panel.getByTestId('detail-note')).toHaveText('Dovoz v sobotu');
  await expect(panel.getByTestId('detail-contact')).toHaveText('Eva Malá');
  await shot(page, 'admin-form-price-detail');
  await panel.getByTestId('detail-close').click();
  await expect(panel).toBeHidden();
});

test('a registration with two cars is listed with its cars as a table; an editor may read but not remove', async ({
  page,
}) => {
  await page.goto('/en/form/registration');
  await page.getByLabel('Company name').fill('Haulage E2E Ltd');
  await page.getByLabel('E-mail').fill('haulage.e2e@example.com');
  await page.getByLabel('Phone').fill('+421 41 555 666');
  await page.getByLabel('Vehicle 1: Type').fill('Tatra 815');
  await page.getByLabel('Vehicle 1: Capacity').fill('20 t');
  await page.getByLabel('Vehicle 1: Count').fill('2');
  await page.getByLabel('Vehicle 2: Type').fill('Volvo FH');
  await page.getByLabel('Vehicle 2: Licence plate').fill('ZA-456CD');
  await shot(page, 'site-form-registration');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('form-sent')).toHaveText('Thank you, your registration has been sent.');

  await login(page, E2E.editor);
  await page.goto('/admin/app/form/registration');
  const row = rowNamed(page, 'Haulage E2E Ltd');
  await expect(row.getByTestId('row-detail')).toBeVisible();
  await expect(row.getByTestId('row-delete')).toHaveCount(0);
  // Remove is the lists' only bulk action and an editor may not remove: no row can be ticked, the bulk menu stays closed.
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('list-bulk')).toBeDisabled();
  await row.getByTestId('row-detail').click();
  const panel = page.getByTestId('resource-detail');
  const cars = panel.getByTestId('detail-cars');
  await expect(cars.getByRole('row')).toHaveCount(3);
  await expect(cars.getByRole('row').nth(1)).toContainText('Tatra 815');
  await expect(cars.getByRole('row').nth(1)).toContainText('20 t');
  await expect(cars.getByRole('row').nth(2)).toContainText('ZA-456CD');
  await expect(panel.getByTestId('detail-cars_total')).toHaveText('3');
  await expect(panel.getByTestId('detail-remove')).toHaveCount(0);
  await shot(page, 'admin-form-registration-detail');
});
