import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { waitForMail } from './support/mail';
import { newStaffColleague, newVerifiedPlayer, signInAdmin } from './support/session';

const PASSWORD = 'Privacy-Journey-7';

/** A support colleague, invited by the demo owner; signed in on a page of their own. */
async function supportColleague(owner: Page, browser: Browser): Promise<Page> {
  const account = await newStaffColleague(owner, 'support', 'support');
  const page = await (await browser.newContext()).newPage();
  await signInAdmin(page, account);
  return page;
}

test('a player downloads their data, deletes the account, keeps it on signing in, and support erases it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
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
  // The date the data will be erased, then signed out (issue #27).
  const done = page.getByRole('dialog', { name: 'Your account will be deleted' });
  await expect(done.getByRole('status')).toContainText('Your personal data will be erased on');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login\?logout=true$/, { timeout: 15_000 });
  await waitForMail(email, (m) => m.subject === 'Your account will be deleted in 7 days');
  const after = await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);

  // Signing in within the 7 days asks; "Keep my account" cancels it (issue #27, decision 0045).
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Continue' }).click();
  const waiting = page.getByRole('dialog', { name: 'Your account is waiting to be deleted' });
  await waiting.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page.getByRole('dialog').getByRole('status')).toContainText(
    'Your account deletion was cancelled',
  );
  await waitForMail(email, (m) => m.subject === 'Your account deletion was cancelled');

  // Without a pending request, support is offered no erasure on the player detail page.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInAdmin(owner);
  const staff = await supportColleague(owner, browser);
  await staff.goto(`/mlg/admin/users/${uuid}`);
  await expect(staff.getByRole('button', { name: 'Send password reset' })).toBeVisible();
  await expect(staff.getByRole('button', { name: /erase/i })).toHaveCount(0);

  // Asked again, support processes the erasure from the player detail page.
  const again = await page.request.post('/login', { data: { email, password: PASSWORD } });
  const fresh = ((await again.json()) as { token: string }).token;
  const asked = await page.request.post('/api/account/delete', {
    data: { password: PASSWORD },
    headers: { Authorization: `Bearer ${fresh}` },
  });
  expect(asked.status()).toBe(202);
  await staff.reload();
  await expect(staff.getByText(/asked to delete their account/)).toBeVisible();
  await staff.getByRole('button', { name: 'Process erasure request' }).click();
  const confirm = staff.getByRole('dialog');
  await expect(confirm).toContainText('cannot be restored');
  await expect(confirm.getByRole('textbox')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Erase' }).click();
  await expect(staff.getByText(/Personal data erased on/)).toBeVisible();
  await expect(staff.getByRole('heading', { level: 1, name: 'Deleted player' })).toBeVisible();
  await staff.context().close();

  // The owner erases a player who has not asked only with a written reason, kept in the audit trail.
  const other = await (await browser.newContext()).newPage();
  const otherToken = await newVerifiedPlayer(other, 'erased-by-owner', PASSWORD);
  const otherProfile = await other.request.get('/api/profile', {
    headers: { Authorization: `Bearer ${otherToken}` },
  });
  const otherId = ((await otherProfile.json()) as { user: { uuid: string } }).user.uuid;
  await owner.goto(`/mlg/admin/users/${otherId}`);
  await owner.getByRole('button', { name: 'Erase personal data' }).click();
  const ask = owner.getByRole('dialog', { name: "Erase this player's personal data now?" });
  await expect(ask).toContainText('This player has not asked to delete their account.');
  await ask.getByRole('button', { name: 'Erase' }).click();
  await expect(ask.getByText(/Say why you erase this player/)).toBeVisible();
  await expectAccessible(owner, 'player detail (erasure without a request)');
  await ask
    .getByRole('textbox', { name: /Why erase without the player's request/ })
    .fill('Court order 2026/118 received by legal.');
  await ask.getByRole('button', { name: 'Erase' }).click();
  await expect(owner.getByText(/Personal data erased on/)).toBeVisible();
  await owner.goto('/mlg/admin/audit');
  const erased = owner
    .getByRole('row')
    .filter({ has: owner.locator(`a[href="/mlg/admin/users/${otherId}"]`) })
    .filter({ hasText: "Player's personal data erased" });
  await erased.getByRole('button', { name: 'Show details' }).click();
  await expect(owner.getByText(/Court order 2026\/118/)).toBeVisible();
  await ownerContext.close();

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
