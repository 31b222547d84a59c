import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { sendWithEnter } from './support/forms';
import { linkFrom, waitForMail } from './support/mail';
import { E2E } from './support/ports';

async function verifiedAccount(email: string, password: string) {
  const res = await fetch(`${E2E.baseUrl}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Reset Player',
      nickname: `r${randomUUID().slice(0, 8)}`,
      email,
      password,
      password_confirmation: password,
      selectedGame: 'caliber',
    }),
  });
  expect(res.status).toBe(201);
  const mail = await waitForMail(email, (m) => m.subject === 'Verify your email address');
  const url = new URL(linkFrom(mail, '/verifyemail/'));
  const verified = await fetch(`${E2E.baseUrl}${url.pathname}`, { method: 'POST' });
  expect(verified.status).toBe(200);
}

test('forgot password asked twice, reset through the first link, the old session ends, the new password signs in', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `reset-${randomUUID().slice(0, 8)}@example.test`;
  const oldPassword = 'Old-Password-42';
  const newPassword = 'New-Password-42';
  await verifiedAccount(email, oldPassword);

  // An existing session in another browser.
  const other = await browser.newContext();
  const oldSession = await other.newPage();
  await oldSession.goto('/login/caliber');
  await oldSession.locator('input[name="email"]').fill(email);
  await oldSession.locator('input[name="password"]').fill(oldPassword);
  await sendWithEnter(oldSession.locator('input[name="password"]'));
  await expect(oldSession).toHaveURL(/\/profile$/, { timeout: 5000 });

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();

  const mail = await waitForMail(email, (m) => m.subject === 'Reset your password');
  // The player asks again before the first mail arrives; the first mail's link still works (decision 0069).
  expect((await page.request.post('/sendForgotPassword', { data: { email } })).status()).toBe(200);
  const firstLink = linkFrom(mail, '/reset-password/');
  const newer = await waitForMail(
    email,
    (m) => m.subject === 'Reset your password' && linkFrom(m, '/reset-password/') !== firstLink,
  );
  await page.goto(firstLink);
  await expect(page.getByRole('heading', { name: 'Change your Password' })).toBeVisible();
  await page.locator('input[name="new_password"]').fill(newPassword);
  await page.locator('input[name="new_password_confirmation"]').fill('Something-Else-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.locator('input[name="new_password_confirmation"]').fill(newPassword);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
  await expect(page).toHaveURL(/\/login\/caliber$/, { timeout: 5000 });

  // The old session is gone: its next player page sends it to Login.
  await oldSession.goto('/editProfile');
  await expect(oldSession).toHaveURL(/\/login$/, { timeout: 5000 });

  // The old password no longer works; the new one does.
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(oldPassword);
  await sendWithEnter(page.locator('input[name="password"]'));
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.locator('input[name="password"]').fill(newPassword);
  await sendWithEnter(page.locator('input[name="password"]'));
  await expect(page.getByText('Login Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 5000 });

  // Using one link voided the other.
  await page.goto(linkFrom(newer, '/reset-password/'));
  await page.locator('input[name="new_password"]').fill('Third-Password-42');
  await page.locator('input[name="new_password_confirmation"]').fill('Third-Password-42');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/invalid, has already been used or has expired/)).toBeVisible();
  await other.close();
  await context.close();
});
