import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { E2E } from './support/ports';
import { newVerifiedPlayer } from './support/session';
import { exchangeLauncherCode, launcherCode } from './support/social-launcher';
import { authenticator } from './support/totp';

const PASSWORD = 'Two-step-pass-2026';

/** The signed-in player's email, as the profile API says. */
async function emailOf(page: Page, token: string): Promise<string> {
  const response = await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { user: { email: string } }).user.email;
}

/**
 * Through the Two-step verification section: Turn on, read the key, confirm with a code, save the recovery
 * codes (Download checked), Done. Returns the recovery codes and the app's next code.
 */
async function turnOnInSection(page: Page, section: Locator) {
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await expectAccessible(page, `${page.url()} (two-step setup)`);
  const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const nextCode = authenticator(secret);
  const code = section.getByLabel('6-digit code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(await nextCode(page));
  await section.getByRole('button', { name: 'Confirm' }).click();

  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  await expectAccessible(page, `${page.url()} (recovery codes)`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  const saved = await readFile(await download.path(), 'utf8');
  for (const each of recoveryCodes) expect(saved).toContain(each);

  await section.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
  await section.getByRole('button', { name: 'Done' }).click();
  return { recoveryCodes, nextCode };
}

/** The player login's first step; the code step follows. */
async function enterPassword(page: Page, email: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
}

async function expectSignedIn(page: Page) {
  await expect(page.getByText('Login Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
}

test('a player turns on two-step verification, signs out, and signs in with a code from the app', async ({
  page,
}) => {
  const token = await newVerifiedPlayer(page, 'twostep', PASSWORD);
  const email = await emailOf(page, token);
  await page.goto('/security');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  const { nextCode } = await turnOnInSection(page, section);
  await expect(section.getByText('10 of 10 recovery codes left.')).toBeVisible();
  await signOut(page);

  await enterPassword(page, email);
  const code = page.getByLabel('Authentication code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByText('Login Successfully!')).toHaveCount(0);
  await expectAccessible(page, '/login (code step)');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is not correct. Please try again.')).toBeVisible();
  await code.fill(await nextCode(page));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedIn(page);
});

test('a player signs in with a recovery code, which does not work a second time', async ({ page }) => {
  const token = await newVerifiedPlayer(page, 'recovery', PASSWORD);
  const email = await emailOf(page, token);
  await page.goto('/security');
  const { recoveryCodes } = await turnOnInSection(
    page,
    page.getByRole('region', { name: 'Two-step verification' }),
  );
  await signOut(page);
  const recoveryCode = recoveryCodes[0]!;

  const useRecoveryCode = async () => {
    await enterPassword(page, email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode.toUpperCase());
    await page.getByRole('button', { name: 'Verify' }).click();
  };
  await useRecoveryCode();
  await expectSignedIn(page);
  await page.goto('/security');
  await expect(page.getByText('9 of 10 recovery codes left.')).toBeVisible();
  await signOut(page);

  await useRecoveryCode();
  await expect(page.getByText('The code is not correct. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Back to sign-in' }).click();
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
});

test('an admin who must use two-step verification is sent to set it up before the back-office', async ({
  page,
}) => {
  const strict = E2E.strictAdminPortal;
  // The second portal starts beside the main one; wait until it answers.
  await expect
    .poll(async () => (await page.request.get(`${strict.baseUrl}/readyz`).catch(() => null))?.status(), {
      timeout: 60_000,
    })
    .toBe(200);

  const signIn = async () => {
    await page.goto(`${strict.baseUrl}/mlg/admin/login`);
    const form = page.getByRole('form', { name: 'Admin login' });
    await form.getByLabel('Email').fill(strict.admin.email);
    await form.getByLabel('Password', { exact: true }).fill(strict.admin.password);
    await form.getByRole('button', { name: 'Continue' }).click();
  };
  await signIn();
  await expect(page.getByText('Login Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/mlg\/admin\/two-step-setup$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  // Until it is on, the back-office stays closed: the guard sends the admin back here.
  await page.goto(`${strict.baseUrl}/mlg/admin/caliberUsers`);
  await expect(page).toHaveURL(/\/mlg\/admin\/two-step-setup$/);

  const section = page.getByRole('region', { name: 'Two-step verification' });
  const { nextCode } = await turnOnInSection(page, section);
  // This session signed in without two-step and stays limited to its setup (decision 0063): the page signs
  // the admin out, to sign in again with a code.
  await expect(page).toHaveURL(/\/mlg\/admin\/login/, { timeout: 15_000 });
  await signIn();
  await page.getByLabel('Authentication code').fill(await nextCode(page));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/mlg\/admin\/dashboard$/, { timeout: 15_000 });
});

test('the demo player with two-step verification signs in to the Caliber launcher with a code from the app', async ({
  page,
  request,
}) => {
  // The demo data's two-step player and her published key (README).
  const gwen = {
    email: 'gwen@demo.local',
    password: 'PlayerDemo!2026',
    secret: 'GWENDEMOTOTPSECRETKEY2PORTAL4567',
  };
  await page.goto('/loginapi');
  await page.getByLabel('Email').fill(gwen.email);
  await page.getByLabel(/^Password\s*\*?$/).fill(gwen.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Authentication code').fill(await authenticator(gwen.secret)(page));
  await page.getByRole('button', { name: 'Verify' }).click();

  const code = await launcherCode(page);
  const exchanged = await exchangeLauncherCode(request, code);
  expect(exchanged.status()).toBe(200);
  expect((await exchanged.json()).data).toMatchObject({ email: gwen.email, game: 'caliber' });
});
