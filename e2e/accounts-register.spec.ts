import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { sendWithEnter } from './support/forms';
import { linkFrom, waitForMail } from './support/mail';

test('register, verify by email, sign in, view and edit the profile, register for Caliber, sign out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `e2e-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Journey-Pass-42';
  const nickname = `e2e${randomUUID().slice(0, 8)}`;

  // Register for Tales Runner.
  await page.goto('/register');
  await page.getByLabel('Game').selectOption('talesrunner');
  await expect(page).toHaveURL(/\/register\/talesrunner$/);
  const submit = page.getByRole('button', { name: 'Submit' });
  await page.locator('input[name="name"]').fill('Journey Player');
  await page.locator('input[name="email"]').fill('not-an-email');
  await page.locator('input[name="password"]').click();
  await expect(page.getByText('You must input a valid email address.')).toBeVisible();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password_confirmation"]').fill(password);
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox').check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('dialog').getByText('Registration Successful!')).toBeVisible();

  // Signing in before verifying is refused with a message to verify.
  await page.goto('/login/talesrunner');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await sendWithEnter(page.locator('input[name="password"]'));
  await expect(page.getByText(/Please verify your email address/)).toBeVisible();

  // Verify through the emailed link; the page returns to that game's login after 2 s.
  const mail = await waitForMail(email, (m) => m.subject === 'Verify your email address');
  await page.goto(linkFrom(mail, '/verifyemail/'));
  await expect(page.getByText('Your email address has been verified. You can now log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/talesrunner$/, { timeout: 5000 });
  // The message stays in view on the login page.
  await expect(page.getByTestId('verification-notice')).toHaveText(
    'Your email address has been verified. You can now log in.',
  );
  // Opened again, the link says the address is verified rather than "invalid".
  await page.goto(linkFrom(mail, '/verifyemail/'));
  await expect(page.getByText('Your email address is already verified. You can log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/talesrunner$/, { timeout: 5000 });

  // Sign in: banner, then Profile.
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page.getByText('Login Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 5000 });
  await expect(page.getByRole('heading', { name: 'Journey Player' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByTestId('registered-talesrunner')).toContainText('Registered Last');

  // Register for Caliber through the modal.
  await expect(page.getByText('Do you want to register in the Game Caliber too?')).toBeVisible();
  await page.getByRole('button', { name: 'Register for Caliber' }).click();
  const modal = page.getByRole('dialog');
  await modal.locator('input[name="nickname"]').fill(nickname);
  await modal.locator('input[name="pin"]').pressSequentially('12ab34');
  await expect(modal.locator('input[name="pin"]')).toHaveValue('1234');
  await modal.locator('input[name="password"]').fill('Wrong-Password-1');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByText('The password is incorrect.')).toBeVisible();
  await modal.locator('input[name="password"]').fill(password);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Caliber registered successfully.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('registered-caliber')).toContainText('Registered Last');
  await waitForMail(email, (m) => m.subject === 'You are registered for Caliber');

  // Edit the profile.
  await page.goto('/editProfile');
  await expect(page.locator('input[name="name"]')).toBeDisabled();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.locator('input[name="phone_number"]').fill('0917-555-1234');
  await expect(page.locator('input[name="phone_number"]')).toHaveValue('09175551234');
  await page.locator('input[name="city"]').fill('Cebu City');
  await page.locator('select[name="gender"]').selectOption('non-binary');
  await expect(page.locator('input[name="nickname"]')).toHaveValue(nickname);
  // The banner lives 1 s (spec): watch for it from before the click, inside the page, so that a busy
  // machine's slower polling cannot miss it.
  const banner = page.getByText('Profile Updated Successfully!');
  const bannerShown = banner.waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Save' }).click();
  await bannerShown;
  await expect(banner).toBeHidden({ timeout: 3000 });
  await expect(page.locator('input[name="city"]')).toBeDisabled();
  await page.goto('/profile');
  await expect(page.getByText('Cebu City')).toBeVisible();
  await expect(page.getByText('09175551234')).toBeVisible();

  // Sign out.
  await page.getByRole('link', { name: 'LOGOUT' }).click();
  await expect(page.getByText('Logged Out Successfully!')).toBeVisible({ timeout: 5000 });
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});
