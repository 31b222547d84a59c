import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newVerifiedPlayer } from './support/session';
import { authenticator } from './support/totp';

const PASSWORD = 'Step-up-pass-2026';

/**
 * These journeys sign in just before, and a sign-in is the session's recent proof for its first
 * RECENT_SIGN_IN_SECONDS (five minutes; decision 0063), so the server would not ask yet. The browser answers
 * the first request to `path` as the server answers a session past that window, once; the step-up and the
 * repeated request are the server's own. The server's refusal itself is tested in
 * apps/server/src/lib/endpoint-proofs.test.ts.
 */
async function refuseOnceAsPastItsSignIn(page: Page, path: string) {
  let refused = false;
  await page.route(`**${path}`, async (route) => {
    if (refused || route.request().method() !== 'POST') return route.continue();
    refused = true;
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'Confirm it’s you to continue: enter your password again.',
        code: 'STEP_UP_REQUIRED',
      }),
    });
  });
}

test('a player on a two-step account adds a passkey through "Confirm it’s you" (password and code)', async ({
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

  // The player's own account, with two-step verification turned on through the API.
  const token = await newVerifiedPlayer(page, 'stepup', PASSWORD);
  const auth = { Authorization: `Bearer ${token}` };
  const setup = await page.request.post('/api/mfa/totp/setup', { headers: auth });
  const { secret } = (await setup.json()) as { secret: string };
  const nextCode = authenticator(secret);
  const enable = await page.request.post('/api/mfa/totp/enable', {
    headers: auth,
    data: { code: await nextCode(page) },
  });
  expect(enable.status()).toBe(200);

  await refuseOnceAsPastItsSignIn(page, '/api/passkeys/register/options');
  await page.goto('/security');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet.')).toBeVisible();
  await section.getByLabel('Passkey name').fill('My phone');
  await section.getByRole('button', { name: 'Add a passkey' }).click();

  // The one confirm dialog: password, and the code field because two-step is on.
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(dialog).toBeVisible();
  const code = dialog.getByLabel('Authentication code or recovery code');
  await expect(code).toBeVisible();
  // In the portal's look: its font and its primary colour (#4e64e1), not MUI's default blue.
  expect(
    await dialog.getByRole('button', { name: 'Confirm' }).evaluate((button) => {
      const style = getComputedStyle(button);
      return [style.fontFamily.split(',')[0], style.backgroundColor];
    }),
  ).toEqual(['"Open Sans"', 'rgb(78, 100, 225)']);
  // No passkey yet on this account, so none is offered, once the dialog knows (it is busy until then).
  await expect(dialog.getByRole('form', { name: 'Confirm it’s you' })).toHaveAttribute('aria-busy', 'false');
  await expect(dialog.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);
  await expectAccessible(page, '/security (confirm it’s you)');

  // The password alone is not enough on a two-step account.
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    dialog.getByText('Enter a code from your authenticator app to confirm this change.'),
  ).toBeVisible();
  await expect(section.getByTestId('passkey-row')).toHaveCount(0);

  await code.fill(await nextCode(page));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('Passkey added.')).toBeVisible();
  await expect(section.getByTestId('passkey-row')).toContainText('My phone');

  // Within the 10 minutes, the next change goes through without asking again.
  const twoStep = page.getByRole('region', { name: 'Two-step verification' });
  await twoStep.getByRole('button', { name: 'New recovery codes' }).click();
  await expect(twoStep.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expect(dialog).toHaveCount(0);

  // Both changes are in the history, after the one confirmation.
  await page.reload();
  await expect(page.getByTestId('event-row').filter({ hasText: 'Confirmed it’s you' })).toHaveCount(1);
  await expect(page.getByTestId('event-row').filter({ hasText: 'Passkey added' })).toHaveCount(1);
  await expect(page.getByTestId('event-row').filter({ hasText: 'New recovery codes made' })).toHaveCount(1);
});

test('cancelling "Confirm it’s you" leaves the new recovery codes unmade', async ({ page }) => {
  const token = await newVerifiedPlayer(page, 'stepupcancel', PASSWORD);
  const auth = { Authorization: `Bearer ${token}` };
  const { secret } = (await (await page.request.post('/api/mfa/totp/setup', { headers: auth })).json()) as {
    secret: string;
  };
  const enabled = await page.request.post('/api/mfa/totp/enable', {
    headers: auth,
    data: { code: await authenticator(secret)(page) },
  });
  expect(enabled.status()).toBe(200);

  await refuseOnceAsPastItsSignIn(page, '/api/mfa/recovery-codes');
  await page.goto('/security');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByRole('button', { name: 'New recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('Confirm it’s you to continue: enter your password again.')).toBeVisible();
  await expect(section.getByText('10 of 10 recovery codes left.')).toBeVisible();
});
