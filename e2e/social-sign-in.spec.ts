import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { E2E } from './support/ports';

/**
 * The local stand-ins for the providers: an OpenID provider for Google (it remembers who signed in, as
 * Google does), and an OAuth dialog for Facebook that asks every time.
 */
const PROVIDERS = [
  { name: 'Google', path: 'google', heading: 'Sign in to Fake Google', remembersLogin: true },
  { name: 'Facebook', path: 'facebook', heading: 'Log in to Fake Facebook', remembersLogin: false },
] as const;
type Provider = (typeof PROVIDERS)[number];

/** Fills the provider's sign-in page. */
async function signInAtProvider(page: Page, provider: Provider, email: string, name: string) {
  await expect(page.getByRole('heading', { name: provider.heading })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

for (const provider of PROVIDERS) {
  test(`${provider.name} sign-up through the provider to Set your game details, then sign-in`, async ({
    page,
  }) => {
    const email = `${provider.path}-${Date.now()}@e2e.test`;
    await page.goto('/login');
    await page.getByRole('link', { name: `Continue with ${provider.name}` }).click();
    await signInAtProvider(page, provider, email, `Gwen ${provider.name}`);

    await expect(page).toHaveURL(/\/social-login\/[0-9a-f-]{36}\?token=/);
    await expect(page.getByRole('heading', { name: 'Set your game details' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByText('Password must be 8-70 characters long.')).toBeVisible();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Nickname field is required.')).toBeVisible();
    await expect(page.getByText('Password length must be at least 8 characters').first()).toBeVisible();

    await page.getByLabel('Nickname').fill(`Gwen${provider.path.slice(0, 2)}${Date.now() % 100000}`);
    await page.getByLabel('PIN (4 digits)').fill('1357');
    await page.getByLabel(/^Password\s*\*?$/).fill('Sunny-Days-42');
    await page.getByLabel('Password Confirmation').fill('Sunny-Days-43');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Password fields must match')).toBeVisible();
    await page.getByLabel('Password Confirmation').fill('Sunny-Days-42');
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page).toHaveURL(/\/login\?social=true$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // Sign in again: the account is known now, so it goes straight to Profile.
    await page.goto(`/api/auth/${provider.path}?intent=login`);
    if (!provider.remembersLogin) await signInAtProvider(page, provider, email, `Gwen ${provider.name}`);
    await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
  });

  test(`an existing player signs in with ${provider.name} and lands on Profile`, async ({ page }) => {
    await page.goto(`/api/auth/${provider.path}?intent=login&game=caliber`);
    await signInAtProvider(page, provider, 'ana@demo.local', 'Ana Santos');
    await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a portal without a provider set up says so in its own look at 390 px, ${scheme}, and leads back to sign-in`, async ({
    browser,
  }) => {
    // The portal that requires staff two-step has no Google or Facebook settings.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(`${E2E.strictAdminPortal.baseUrl}/login`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Google sign-in is not available' }),
    ).toBeVisible();
    await expect(page.getByText('GOOGLE_CLIENT_ID')).toBeVisible();
    // The portal's page background in the device's scheme (shell/theme.ts), not a bare white page.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      scheme === 'dark' ? 'rgb(23, 25, 65)' : 'rgb(248, 249, 250)',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `Google not set up (${scheme})`);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'LOGIN' })).toBeVisible();
    await context.close();
  });
}
