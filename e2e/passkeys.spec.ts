import { expect, test } from '@playwright/test';
import { newVerifiedPlayer } from './support/session';

const PASSWORD = 'Passkey-pass-2026';

test('a player adds a passkey on Security, signs out, and signs in with the passkey alone', async ({
  page,
  context,
}) => {
  // Chromium's virtual authenticator: a platform passkey with user verification, like a phone's screen lock.
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await newVerifiedPlayer(page, 'passkey', PASSWORD);
  await page.goto('/security');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await section.getByLabel('Passkey name').fill('My laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  // A passkey outlives the session and needs a recent proof: the sign-in just before is one (decision 0063),
  // so nothing is asked; "Confirm it's you" for a session past it is step-up.spec.ts.
  await expect(section.getByText('Passkey added.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Confirm it’s you' })).toHaveCount(0);
  const row = section.getByTestId('passkey-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('My laptop');
  await expect(row).toContainText('Last used never');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Login Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });

  // The passkey sign-in is in the history, and the passkey shows when it was last used.
  await page.goto('/security');
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByTestId('passkey-row')).not.toContainText(
    'Last used never',
  );
  await expect(page.getByTestId('event-row').filter({ hasText: 'Signed in with a passkey' })).toHaveCount(1);
  await expect(page.getByTestId('event-row').filter({ hasText: 'Passkey added' })).toHaveCount(1);
});
