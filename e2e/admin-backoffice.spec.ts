import { type Download, expect, type Locator, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { waitForMail } from './support/mail';

const ADMIN = { email: 'admin@demo.local', password: 'AdminDemo!2026' };

/** Clicks a table's Export to Excel and waits for the download it starts. */
async function exportTable(table: Locator): Promise<Download> {
  const [download] = await Promise.all([
    table.page().waitForEvent('download'),
    table.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  return download;
}

async function openSheet(download: Download) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  return workbook.worksheets[0]!;
}

test('an admin signs in, searches and filters a table, exports it and the referral codes, sends a test email and signs out', async ({
  page,
}) => {
  test.setTimeout(120_000); // a whole back-office day: two exports and a test email
  await page.goto('/mlg/admin/login');
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill('wrong-password');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid login credentials.');

  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Login Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/mlg\/admin\/dashboard$/, { timeout: 15_000 });

  // Caliber Users: rows, search on the server, partial date range alert, paging label.
  await page.goto('/mlg/admin/caliberUsers');
  const table = page.getByTestId('table-caliber-users');
  await expect(table.getByText(/^Page 1 of \d+$/)).toBeVisible();
  // Other journeys' players fill the first page: the demo players are found by their addresses.
  await table.getByLabel('Search', { exact: true }).fill('@demo.local');
  await expect(table.getByRole('cell', { name: 'Ana Santos' })).toBeVisible();
  await table.getByLabel('Search', { exact: true }).fill('MALAYSIA');
  await expect(table.getByRole('cell', { name: 'Dan Lim' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Ana Santos' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Next' })).toBeDisabled();

  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await table.getByLabel('Date From').fill('2020-01-01');
  await table.getByRole('button', { name: 'Filter' }).click();
  await expect.poll(() => alerts).toEqual(["Please select both 'From' and 'To' dates."]);
  await table.getByRole('button', { name: 'Reset' }).click();

  // Export of the filtered table: the browser follows a signed link to the export (no bearer token, no
  // Blob in the page) and the streamed file is opened.
  const download = await exportTable(table);
  const link = new URL(download.url());
  expect(link.pathname).toBe('/api/users/paginate/caliber/export');
  expect(link.searchParams.get('search')).toBe('MALAYSIA');
  expect(link.searchParams.get('signature')).toBeTruthy();
  expect(download.suggestedFilename()).toBe('Filtered_Users.xlsx');
  const sheet = await openSheet(download);
  expect(sheet.name).toBe('Caliber Users');
  expect(sheet.getRow(1).getCell(1).value).toBe('Name');
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).value).toBe('Dan Lim');

  // Referral Codes: both tables render; the codes export holds the new code.
  await page.goto('/mlg/admin/referralCodes');
  await expect(page.getByRole('heading', { level: 2, name: 'Referral Codes', exact: true })).toBeVisible();
  const create = page.getByRole('region', { name: 'Create a referral code' });
  await create.getByRole('textbox', { name: 'Referral Code' }).fill('E2ECODE');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('status')).toContainText('/register/caliber?referral_code=E2ECODE');
  const codes = page.getByTestId('table-referral-codes');
  await expect(codes.getByRole('cell', { name: 'E2ECODE', exact: true })).toBeVisible();
  const codesDownload = await exportTable(codes);
  expect(new URL(codesDownload.url()).pathname).toBe('/api/all-referralCodes/export');
  expect(codesDownload.suggestedFilename()).toBe('Referral_Codes.xlsx');
  const codesSheet = await openSheet(codesDownload);
  expect(codesSheet.name).toBe('Referral Codes');
  const exported: unknown[] = [];
  codesSheet.eachRow((row) => exported.push(row.getCell(1).value));
  expect(exported).toContain('E2ECODE');

  // Send Test Email: the demo list, one send, the mail arrives at the SMTP capture.
  await page.goto('/mlg/admin/send-email-blast');
  await expect(page.getByText('qa@demo.local')).toBeVisible();
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText('Emails sent successfully')).toBeVisible();
  const mail = await waitForMail('qa@demo.local', (m) => m.subject === 'Games Portal test email');
  expect(mail.text).toContain('test email from the Games Portal back-office');

  // Sign out: the token is revoked and the login page shows the banner.
  await page.goto('/admin-logout');
  await expect(page).toHaveURL(/\/mlg\/admin\/login\?logout=true$/, { timeout: 10_000 });
  await expect(page.getByText('Logged Out Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/mlg\/admin\/login$/, { timeout: 5_000 });
  await page.goto('/mlg/admin/caliberUsers');
  await expect(page).toHaveURL(/\/mlg\/admin\/login/);
});
