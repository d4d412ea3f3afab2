import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env.js';
import { apiBulk, confirm, expectSuccessOf, login, pickOption, shot } from './helpers.js';

/** The user list's row showing this full name. */
const userRow = (page: Page, fullname: string) =>
  page.getByRole('row').filter({ has: page.getByTestId('cell-fullname').getByText(fullname, { exact: true }) });

/** The id of the user with this e-mail, through the list API of the signed-in page. */
async function userIdOf(page: Page, email: string): Promise<number> {
  const response = await page.request.get('/api/user/', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    params: { search: email },
  });
  expect(response.ok()).toBe(true);
  const body: { data: { id: number; email: string }[] } = await response.json();
  const found = body.data.find((row) => row.email === email);
  if (!found) throw new Error(`No user ${email}`);
  return found.id;
}

test('an administrator creates a user: title_url from name and surname, password twice, found in the list', async ({
  page,
}) => {
  await login(page);
  await page.goto('/admin/app/user');
  await expect(page.getByRole('columnheader', { name: 'Meno' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(userRow(page, 'Eva Redaktorová').getByTestId('cell-role')).toHaveText('Redaktor');
  await shot(page, 'users-list');

  await page.getByTestId('list-create').click();
  await page.getByTestId('form-save').click();
  await expect(page.getByText('Vyberte možnosť.', { exact: true })).toBeVisible();
  await expect(page.getByText('Zadajte aspoň 5 znakov.')).toBeVisible();

  await page.getByTestId('field-role_id').click();
  await pickOption(page, 'Redaktor');
  await page.getByTestId('field-name').fill('Zuzana');
  await page.getByTestId('field-surname').fill('Malá');
  await expect(page.getByTestId('field-title_url')).toHaveValue('zuzana-mala');
  await expect(page.getByTestId('field-title_url')).toHaveAttribute('data-check', 'valid');
  // A taken e-mail is reported by the remote check before saving.
  await page.getByTestId('field-email').fill('editor@example.com');
  await expect(page.getByText('Tento e-mail sa už používa.')).toBeVisible();
  await page.getByTestId('field-email').fill('zuzana.mala@example.com');
  await expect(page.getByTestId('field-email')).toHaveAttribute('data-check', 'valid');
  await expect(page.getByText('Tento e-mail sa už používa.')).toHaveCount(0);
  await page.getByTestId('field-password').fill('tajne-heslo');
  await page.getByTestId('field-password_2').fill('ine-heslo');
  await page.getByTestId('field-city').fill('Žilina');
  await page.getByTestId('field-country_id').click();
  await pickOption(page, 'Slovensko');
  await page.getByTestId('form-save').click();
  await expect(page.getByText('Heslá sa nezhodujú.')).toBeVisible();
  await page.getByTestId('field-password_2').fill('tajne-heslo');
  await shot(page, 'users-form-create');
  await expectSuccessOf(page, 'vytvorená', () => page.getByTestId('form-save').click());

  await page.getByTestId('list-search').fill('Zuzana');
  const row = userRow(page, 'Zuzana Malá');
  await expect(row.getByTestId('cell-email')).toHaveText('zuzana.mala@example.com');
  await expect(row.getByTestId('cell-status')).toHaveAttribute('data-status', '1');
  await expect(row.getByTestId('cell-verified')).toHaveAttribute('data-verified', '0');

  // Edit loads the record; the password fields stay empty and the form keeps what was saved.
  await row.getByTestId('row-edit').click();
  await expect(page.getByTestId('field-email')).toHaveValue('zuzana.mala@example.com');
  await expect(page.getByTestId('field-password')).toHaveValue('');
  await expect(page.getByTestId('field-verified_at')).toHaveText('Neoverený');
  await expect(page.getByTestId('user-billing')).toBeVisible();
  await shot(page, 'users-form-edit');
  await page.getByTestId('form-close').click();
  await expect(page).toHaveURL(/\/admin\/app\/user(\?.*)?$/);
});

test('an administrator blocks a user with the bulk menu', async ({ page }) => {
  await login(page);
  // Active to begin with, whatever an earlier run (--repeat-each) left.
  await apiBulk(page, '/api/user/', 'activate', [await userIdOf(page, 'anna.schmidt@example.com')]);
  await page.goto('/admin/app/user?search=anna.schmidt');
  const row = userRow(page, 'Anna Schmidt');
  await expect(row.getByTestId('cell-status')).toHaveAttribute('data-status', '1');
  await row.getByRole('checkbox').check();
  await page.getByTestId('list-bulk').click();
  await expect(page.getByTestId('bulk-activate')).toBeVisible();
  await page.getByTestId('bulk-block').click();
  await expectSuccessOf(page, 'Zablokované: 1', () => confirm(page));
  await expect(row.getByTestId('cell-status')).toHaveAttribute('data-status', '0');
});

test("a role-2 editor sees no create button and cannot open another editor's form (403 as a danger notification)", async ({
  page,
}) => {
  await login(page, E2E.editor);
  await page.goto('/admin/app/user');
  await expect(userRow(page, 'Peter Horváth')).toBeVisible();
  await expect(page.getByTestId('list-create')).toHaveCount(0);
  // Other editors' rows offer no edit; site members' rows and one's own do; nobody's offers delete.
  await expect(userRow(page, 'Peter Horváth').getByTestId('row-edit')).toHaveCount(0);
  await expect(userRow(page, 'Jana Nováková').getByTestId('row-edit')).toHaveCount(1);
  await expect(userRow(page, 'Eva Redaktorová').getByTestId('row-edit')).toHaveCount(1);
  await expect(page.getByTestId('row-delete')).toHaveCount(0);
  // Every bulk action on users is the administrator's: no row can be ticked and the menu stays disabled.
  await expect(userRow(page, 'Tomáš Dvořák').getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('list-bulk')).toBeDisabled();
  await shot(page, 'users-list-editor');

  const peter = await userIdOf(page, 'peter.horvath@example.com');
  await page.goto(`/admin/app/user/${peter}`);
  await expect(page.getByTestId('notification').filter({ hasText: /oprávnenie|allowed|povolen/i })).toHaveAttribute(
    'data-type',
    'danger',
  );
  await shot(page, 'users-editor-forbidden');
  // The refused form closes and leaves the list.
  await expect(page).toHaveURL(/\/admin\/app\/user$/);

  // A site member's record opens, with role and status locked, and saves.
  await userRow(page, 'Jana Nováková').getByTestId('row-edit').click();
  await expect(page.getByTestId('field-email')).toHaveValue('jana.novakova@example.com');
  await expect(page.getByTestId('field-status')).toBeDisabled();
  await expect(page.getByTestId('form-save')).toBeEnabled();
  await page.getByTestId('field-phone').fill('+421 32 000 00 00');
  await expectSuccessOf(page, 'uložen', () => page.getByTestId('form-save').click());
});
