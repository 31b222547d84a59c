import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { onThePastSignInPortal } from './support/past-sign-in';
import { newVerifiedPlayerAccount } from './support/session';
import { authenticator } from './support/totp';

const PASSWORD = 'Step-up-pass-2026';

// On the portal where the server itself asks "Confirm it's you" (e2e/support/past-sign-in.ts).
onThePastSignInPortal();

/**
 * A new player signed in on `page`, whose two-step verification was turned on from another session of theirs
 * (which confirmed it's them through the API): the page's own session has confirmed nothing. Answers the
 * authenticator's next code.
 */
async function playerWithTwoStep(page: Page, tag: string) {
  const { email } = await newVerifiedPlayerAccount(page, tag, PASSWORD);
  const login = await page.request.post('/login', { data: { email, password: PASSWORD } });
  const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  expect(
    (await page.request.post('/api/step-up', { headers: auth, data: { password: PASSWORD } })).status(),
  ).toBe(200);
  const setup = await page.request.post('/api/mfa/totp/setup', { headers: auth });
  const nextCode = authenticator(((await setup.json()) as { secret: string }).secret);
  const enable = await page.request.post('/api/mfa/totp/enable', {
    headers: auth,
    data: { code: await nextCode(page) },
  });
  expect(enable.status()).toBe(200);
  return nextCode;
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

  const nextCode = await playerWithTwoStep(page, 'stepup');
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

  // Both changes are in the history, after the one confirmation of this session (the other one was the
  // setup's session).
  await page.reload();
  await expect(page.getByTestId('event-row').filter({ hasText: 'Confirmed it’s you' })).toHaveCount(2);
  await expect(page.getByTestId('event-row').filter({ hasText: 'Passkey added' })).toHaveCount(1);
  await expect(page.getByTestId('event-row').filter({ hasText: 'New recovery codes made' })).toHaveCount(1);
});

test('cancelling "Confirm it’s you" leaves the new recovery codes unmade', async ({ page }) => {
  await playerWithTwoStep(page, 'stepupcancel');
  await page.goto('/security');
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByRole('button', { name: 'New recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('Confirm it’s you to continue: enter your password again.')).toBeVisible();
  await expect(section.getByText('10 of 10 recovery codes left.')).toBeVisible();
});
