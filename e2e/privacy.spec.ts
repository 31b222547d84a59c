import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { waitForMail } from './support/mail';
import { newVerifiedPlayer, signInAdmin } from './support/session';

const PASSWORD = 'Privacy-Journey-7';

test('a player downloads their data, deletes the account, cancels by signing in, and support erases it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const token = await newVerifiedPlayer(page, 'privacy', PASSWORD);
  const profile = await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  const { email, uuid } = ((await profile.json()) as { user: { email: string; uuid: string } }).user;

  // "Your data" on the profile: the download is a JSON file of the account, without secrets.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-account-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile((await download.path())!, 'utf8');
  const data = JSON.parse(text) as { profile: { email: string }; security_events: unknown[] };
  expect(data.profile.email).toBe(email);
  expect(data.security_events.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/hash|token|secret/i);

  // Deleting asks the password, explains the 7 days, then signs out everywhere.
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('erased in 7 days');
  await expectAccessible(page, '/profile (delete account dialog)');
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login\?logout=true$/, { timeout: 15_000 });
  await waitForMail(email, (m) => m.subject === 'Your account will be deleted in 7 days');
  const after = await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);

  // Signing in within the 7 days cancels it, and the login page says so.
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status')).toContainText('Your account deletion was cancelled');
  await waitForMail(email, (m) => m.subject === 'Your account deletion was cancelled');

  // Asked again, support processes the erasure from the player detail page.
  const again = await page.request.post('/login', { data: { email, password: PASSWORD } });
  const fresh = ((await again.json()) as { token: string }).token;
  const asked = await page.request.post('/api/account/delete', {
    data: { password: PASSWORD },
    headers: { Authorization: `Bearer ${fresh}` },
  });
  expect(asked.status()).toBe(202);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAdmin(staff);
  await staff.goto(`/mlg/admin/users/${uuid}`);
  await expect(staff.getByText(/asked to delete their account/)).toBeVisible();
  await staff.getByRole('button', { name: 'Process erasure request' }).click();
  const confirm = staff.getByRole('dialog');
  await expect(confirm).toContainText('cannot be restored');
  await confirm.getByRole('button', { name: 'Process erasure request' }).click();
  await expect(staff.getByText(/Personal data erased on/)).toBeVisible();
  await expect(staff.getByRole('heading', { level: 1, name: 'Deleted player' })).toBeVisible();
  await staffContext.close();

  // The address is free again.
  const register = await page.request.post('/register', {
    data: {
      name: 'Back Again',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      selectedGame: 'talesrunner',
    },
  });
  expect(register.status()).toBe(201);
});
