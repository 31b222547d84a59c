import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { waitForMail } from './support/mail';
import { newVerifiedPlayer, signInThroughPage } from './support/session';
import { authenticator } from './support/totp';

/**
 * Issue #27, Players (decision 0045): the email change and the password change of a two-step account, the
 * date of a requested deletion and the choice at the next sign-in, and every game on the profile. Each
 * journey runs on a phone (390 px) and on a laptop (1366 px), with its own player.
 */
const PASSWORD = 'Caring-Pass-2026';
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
] as const;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function emailOf(page: Page, token: string): Promise<string> {
  const response = await page.request.get('/api/profile', { headers: bearer(token) });
  return ((await response.json()) as { user: { email: string } }).user.email;
}

/** Turns two-step verification on through the API; the app's next code and the recovery codes. */
async function turnOnTwoStep(page: Page, token: string) {
  const setup = await page.request.post('/api/mfa/totp/setup', { headers: bearer(token) });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const nextCode = authenticator(secret);
  const enable = await page.request.post('/api/mfa/totp/enable', {
    headers: bearer(token),
    data: { code: await nextCode(page) },
  });
  expect(enable.status()).toBe(200);
  return { nextCode, recoveryCodes: ((await enable.json()) as { recovery_codes: string[] }).recovery_codes };
}

async function otherBrowserSignedIn(browser: Browser, email: string, password: string) {
  const other = await (await browser.newContext()).newPage();
  await signInThroughPage(other, email, password);
  return other;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a two-step account changes its email with a code, or a recovery code instead', async ({ page }) => {
      const token = await newVerifiedPlayer(page, `care-email-${name}`, PASSWORD);
      const { nextCode, recoveryCodes } = await turnOnTwoStep(page, token);
      const newEmail = `cared-${randomUUID().slice(0, 8)}@example.test`;

      await page.goto('/editProfile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.locator('input[name="email"]').fill(newEmail);
      await page.locator('input[name="current_password"]').fill(PASSWORD);
      const code = page.getByLabel('Authentication code');
      await expect(code).toBeVisible();
      await expectAccessible(page, `/editProfile two-step email change (${name})`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(
        page.getByText('Enter a code from your authenticator app to confirm this change.', { exact: true }),
      ).toBeVisible();

      if (name === 'phone') {
        await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
        await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
      } else {
        await code.fill(await nextCode(page));
      }
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible();
      await waitForMail(newEmail, (m) => m.subject === 'Confirm your new email address');
    });

    test('changes the password on the Security page: other sessions end, a notice is mailed', async ({
      page,
      browser,
    }) => {
      const token = await newVerifiedPlayer(page, `care-password-${name}`, PASSWORD);
      const email = await emailOf(page, token);
      const other = await otherBrowserSignedIn(browser, email, PASSWORD);
      const newPassword = 'Renewed-Pass-2027';

      await page.goto('/security');
      const section = page.getByRole('region', { name: 'Password' });
      await section.getByLabel(/^Current password/).fill('Not-My-Password-1');
      await section.getByLabel(/^New password/).fill(newPassword);
      await section.getByLabel(/^Confirm new password/).fill(newPassword);
      await section.getByRole('button', { name: 'Change password' }).click();
      await expect(section.getByText('The current password is incorrect.')).toBeVisible();
      await section.getByLabel(/^Current password/).fill(PASSWORD);
      await section.getByRole('button', { name: 'Change password' }).click();
      await expect(section.getByRole('status')).toHaveText(
        'Your password was changed. Every other session was signed out.',
      );
      await expectAccessible(page, `/security after a password change (${name})`);
      // The history says it in words, and the other browser was signed out.
      await expect(
        page.getByRole('region', { name: /activity/i }).getByText('Password changed'),
      ).toBeVisible();
      await other.goto('/editProfile');
      await expect(other).toHaveURL(/\/login$/, { timeout: 15_000 });
      await waitForMail(email, (m) => m.subject === 'Your password was changed');
      const login = await page.request.post('/login', { data: { email, password: newPassword } });
      expect(login.status()).toBe(200);
    });

    test('deleting the account shows the erasure date; signing in asks to keep it or continue', async ({
      page,
    }) => {
      // Two deletion rounds, each with a sign-in and two accessibility scans.
      test.setTimeout(120_000);
      const token = await newVerifiedPlayer(page, `care-delete-${name}`, PASSWORD);
      const email = await emailOf(page, token);
      const deleteOnProfile = async () => {
        await page.goto('/profile');
        await page.getByRole('button', { name: 'Delete my account' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
        await dialog.getByLabel(/^Password/).fill(PASSWORD);
        await dialog.getByRole('button', { name: 'Delete my account' }).click();
        const done = page.getByRole('dialog', { name: 'Your account will be deleted' });
        await expect(done.getByRole('status')).toContainText('Your personal data will be erased on');
        await expectAccessible(page, `/profile after a deletion request (${name})`);
        await done.getByRole('button', { name: 'OK' }).click();
        await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
      };

      await deleteOnProfile();
      await signInThroughPage(page, email, PASSWORD);
      const ask = page.getByRole('dialog', { name: 'Your account is waiting to be deleted' });
      await expect(ask).toContainText('Your personal data will be erased on');
      await expectAccessible(page, `/profile while a deletion waits (${name})`);
      await ask.getByRole('button', { name: 'Keep my account' }).click();
      await expect(page.getByRole('dialog').getByRole('status')).toHaveText(
        'Your account deletion was cancelled. Your account stays as it was.',
      );
      await page.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await waitForMail(email, (m) => m.subject === 'Your account deletion was cancelled');

      // Asked again, then "Continue deletion": signed out, the deletion still waits.
      await deleteOnProfile();
      await signInThroughPage(page, email, PASSWORD);
      await page
        .getByRole('dialog', { name: 'Your account is waiting to be deleted' })
        .getByRole('button', { name: 'Continue deletion' })
        .click();
      await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
      const again = await page.request.post('/login', { data: { email, password: PASSWORD } });
      expect(((await again.json()) as { user: { pending_deletion: unknown } }).user.pending_deletion).toEqual(
        {
          erase_at: expect.any(String),
        },
      );
    });

    test('the profile lists every game the account has, Yggdra included', async ({ page }) => {
      const token = await newVerifiedPlayer(page, `care-games-${name}`, PASSWORD);
      const email = await emailOf(page, token);
      // Signing in to Yggdra registers the account for it.
      const yggdra = await page.request.post('/login', {
        data: { email, password: PASSWORD, game: 'yggdra' },
      });
      expect(yggdra.status()).toBe(200);
      await page.goto('/profile');
      const games = page.getByRole('region', { name: 'Registered Games' });
      await expect(games.getByTestId('registered-yggdra')).toContainText('Yggdra');
      await expect(games.getByTestId('registered-yggdra')).toContainText('Registered Last');
      await expect(games.getByTestId('registered-talesrunner')).toContainText('Tales Runner');
      await expect(games.getByRole('button', { name: 'Register for Caliber' })).toBeVisible();
      await expectAccessible(page, `/profile with every game (${name})`);
    });
  });
}
