import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { linkFrom, waitForMail } from './support/mail';
import { onThePastSignInPortal } from './support/past-sign-in';
import { E2E } from './support/ports';
import { newVerifiedPlayer, signInAdmin, signInThroughPage } from './support/session';
import { authenticator } from './support/totp';

/** The "Confirm it's you" dialog (decisions 0038, 0063). */
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm it’s you' });

/**
 * Journeys on the portal where a sign-in is never a recent proof by itself (E2E.pastSignInPortal): there every
 * session is as a session past its first RECENT_SIGN_IN_SECONDS is on any portal, so the server itself asks.
 */
test.describe('past the sign-in window', () => {
  onThePastSignInPortal();

  test('a player turns two-step verification on after confirming it’s them with the password', async ({
    page,
  }) => {
    const password = 'Proof-two-step-2026';
    await newVerifiedPlayer(page, 'prooftwostep', password);
    await page.goto('/security');
    const section = page.getByRole('region', { name: 'Two-step verification' });
    await section.getByRole('button', { name: 'Turn on' }).click();

    const dialog = confirmDialog(page);
    await expect(dialog).toBeVisible();
    await expect(
      section.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveCount(0);
    await expectAccessible(page, '/security (confirm it’s you before two-step)');
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();

    // The setup the dialog held back goes on, and enabling it needs no second confirmation.
    await expect(
      section.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toHaveAttribute('src', /^data:image\/svg\+xml/);
    const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    await section.getByLabel('6-digit code').fill(await authenticator(secret)(page));
    await section.getByRole('button', { name: 'Confirm' }).click();
    await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await expect(dialog).toHaveCount(0);
    await expectAccessible(page, '/security (recovery codes after confirming it’s you)');
  });

  test('an owner confirms it’s them before inviting another owner', async ({ page }) => {
    const email = `owner-${randomUUID().slice(0, 8)}@staff.test`;
    const owner = E2E.pastSignInPortal.admin;
    await signInAdmin(page, owner);
    await page.goto('/mlg/admin/staff');
    const form = page.getByRole('form', { name: 'Invite a staff member' });
    await form.getByLabel('Name').fill('Olive Owner');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Role').click();
    await page.getByRole('option', { name: 'owner' }).click();
    await form.getByRole('button', { name: 'Send invitation' }).click();

    const dialog = confirmDialog(page);
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'staff (confirm it’s you before an invitation)');
    await dialog.getByLabel('Password', { exact: true }).fill(owner.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('status')).toContainText(`An invitation is on its way to ${email}.`);
    await expect(page.getByText(`Olive Owner (${email}), owner`)).toBeVisible();
    const mail = await waitForMail(email, (m) => m.subject === 'Your Games Portal staff invitation');
    expect(linkFrom(mail, '/mlg/admin/accept/')).toContain(E2E.pastSignInPortal.baseUrl);
    await expectAccessible(page, 'staff (invitation sent)');
  });
});

test('a player who signed up with Google sets a first password through the emailed link and signs in with it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `proofsocial-${randomUUID().slice(0, 8)}@e2e.test`;
  const password = 'Proof-social-2026';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Fake Google' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Sol Social');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Set your game details' })).toBeVisible();

  // The player leaves the game details (and their password) for later: the account has none, and signs in
  // with Google alone (the fake provider remembers them, as Google does).
  await page.goto('/api/auth/google?intent=login');
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });

  // No old session sets a first password: the Security page offers the emailed link instead of a change.
  await page.goto('/security');
  const section = page.getByRole('region', { name: 'Password' });
  await expect(section.getByRole('form', { name: 'Change password' })).toHaveCount(0);
  await expect(section).toContainText(email);
  await expectAccessible(page, '/security (an account without a password)');
  await section.getByRole('button', { name: 'Email me a link to set a password' }).click();
  await expect(section.getByRole('status')).toContainText(/If an account exists for that email/);

  const mail = await waitForMail(email, (m) => m.subject === 'Reset your password');
  await page.goto(linkFrom(mail, '/reset-password/'));
  const reset = page.getByRole('form', { name: 'Change your Password' });
  await reset.getByLabel('New Password', { exact: true }).fill(password);
  await reset.getByLabel('Confirm Password', { exact: true }).fill(password);
  await reset.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();

  await signInThroughPage(page, email, password);
  await page.goto('/security');
  await expect(
    page.getByRole('region', { name: 'Password' }).getByRole('form', { name: 'Change password' }),
  ).toBeVisible();
  await expectAccessible(page, '/security (first password set by the emailed link)');
});
