import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { sendWithEnter } from './support/forms';
import { linkFrom, waitForMail } from './support/mail';

/**
 * Issue #19, sensitive changes: a new email address needs the current password; once it is confirmed the old
 * address is told, and its cancel link gives the address back and signs out every session.
 */
test('change the email with the current password, then cancel it from the old address', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const oldEmail = `move-${randomUUID().slice(0, 8)}@example.test`;
  const newEmail = `moved-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Moving-Pass-42';
  const register = await page.request.post('/register', {
    data: {
      name: 'Moving Player',
      email: oldEmail,
      password,
      password_confirmation: password,
      selectedGame: 'talesrunner',
    },
  });
  expect(register.status()).toBe(201);
  const verification = await waitForMail(oldEmail, (m) => m.subject === 'Verify your email address');
  expect((await page.request.post(new URL(linkFrom(verification, '/verifyemail/')).pathname)).status()).toBe(
    200,
  );

  // Signed in here, and in a second browser.
  const signIn = async (target: typeof page) => {
    await target.goto('/login');
    await target.locator('input[name="email"]').fill(oldEmail);
    await target.locator('input[name="password"]').fill(password);
    await sendWithEnter(target.locator('input[name="password"]'));
    await expect(target).toHaveURL(/\/profile$/, { timeout: 5000 });
  };
  await signIn(page);
  const other = await (await browser.newContext()).newPage();
  await signIn(other);

  // The new address asks for the current password; a wrong one is refused under its field.
  await page.goto('/editProfile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.locator('input[name="current_password"]')).toHaveCount(0);
  await page.locator('input[name="email"]').fill(newEmail);
  const current = page.locator('input[name="current_password"]');
  await current.fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The current password is incorrect.', { exact: true })).toBeVisible();
  await current.fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible();

  // The new address confirms; the old one is told, with a cancel link.
  const confirm = await waitForMail(newEmail, (m) => m.subject === 'Confirm your new email address');
  await page.goto(linkFrom(confirm, '/verifyemail/'));
  await expect(page.getByText('Your new email address has been confirmed.', { exact: false })).toBeVisible();
  const notice = await waitForMail(oldEmail, (m) => m.subject === 'Your email address was changed');
  expect(notice.text).toContain(newEmail);

  await page.goto(linkFrom(notice, '/email-change/cancel/'));
  await expect(page.getByRole('heading', { name: 'Cancel Email Change' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(page.getByRole('status')).toContainText('The email change was cancelled');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Every session ended: the other browser is sent to sign in.
  await other.goto('/editProfile');
  await expect(other).toHaveURL(/\/login$/, { timeout: 5000 });
  // The old address signs in again; the new one does not.
  const login = (email: string) => page.request.post('/login', { data: { email, password } });
  expect((await login(newEmail)).status()).toBe(401);
  const back = await login(oldEmail);
  expect(back.status()).toBe(200);
  expect((await back.json()).user).toMatchObject({ email: oldEmail, pending_email: null });
});
