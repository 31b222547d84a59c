import { expect, type Page, test } from '@playwright/test';

/** Fills the local OpenID provider's sign-in page (the stand-in for Google). */
async function signInAtProvider(page: Page, email: string, name: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to Fake Google' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('Google sign-up through the provider to Set your game details, then sign-in', async ({ page }) => {
  const email = `google-${Date.now()}@e2e.test`;
  await page.goto('/login');
  await page.getByRole('link', { name: /Continue with Google/i }).click();
  await signInAtProvider(page, email, 'Gwen Google');

  await expect(page).toHaveURL(/\/social-login\/[0-9a-f-]{36}\?token=/);
  await expect(page.getByRole('heading', { name: 'Set your game details' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByText('Password must be 8-70 characters long.')).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Nickname field is required.')).toBeVisible();
  await expect(page.getByText('Password length must be at least 8 characters').first()).toBeVisible();

  await page.getByLabel('Nickname').fill(`Gwen${Date.now() % 100000}`);
  await page.getByLabel('PIN (4 digits)').fill('1357');
  await page.getByLabel(/^Password\s*\*?$/).fill('Sunny-Days-42');
  await page.getByLabel('Password Confirmation').fill('Sunny-Days-43');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password fields must match')).toBeVisible();
  await page.getByLabel('Password Confirmation').fill('Sunny-Days-42');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/login\?social=true$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Sign in again with Google: the account is known now, so it goes straight to Profile.
  await page.goto('/api/auth/google?intent=login');
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
});

test('an existing player signs in with Google and lands on Profile', async ({ page }) => {
  await page.goto('/api/auth/google?intent=login&game=caliber');
  await signInAtProvider(page, 'ana@demo.local', 'Ana Santos');
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
});
