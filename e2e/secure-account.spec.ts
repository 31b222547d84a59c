import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { linkFrom, waitForMail } from './support/mail';
import { newVerifiedPlayerAccount, signInThroughPage } from './support/session';

/**
 * Issue #27 (decision 0049): "Not you? Secure my account" in an alert. A player is signed in on two
 * browsers; the second sign-in mails "New sign-in to your account"; its link signs every session out and
 * leads to a new password, which then signs in. On a phone in dark mode and on a laptop in light mode.
 */
const PASSWORD = 'Secure-Pass-2026';
const NEW_PASSWORD = 'Secured-Again-2027';
const RUNS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
  { name: 'laptop', viewport: { width: 1366, height: 768 }, colorScheme: 'light' },
] as const;

for (const { name, viewport, colorScheme } of RUNS) {
  test.describe(`on a ${name} (${colorScheme})`, () => {
    test.use({ viewport, colorScheme });

    test('an alert’s "Secure my account" signs out everywhere, then a new password signs in', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      // Signed in on this browser (its first sign-in, which mails no alert).
      const { email } = await newVerifiedPlayerAccount(page, `secure-${name}`, PASSWORD);
      // Someone else signs in from another browser: the account is told.
      const intruder = await (await browser.newContext({ viewport, colorScheme })).newPage();
      await signInThroughPage(intruder, email, PASSWORD);
      const alert = await waitForMail(email, (m) => m.subject === 'New sign-in to your account');
      expect(alert.text).toContain('Not you? Secure my account');
      expect(alert.html).toContain('>Secure my account</a>');

      // Opening the link changes nothing (mail scanners open links): the intruder is still signed in.
      await page.goto(new URL(linkFrom(alert, '/secure-account/')).pathname);
      await expect(page.getByRole('heading', { name: 'Secure Your Account' })).toBeVisible();
      await expect(page.locator('html')).toHaveCSS('color-scheme', colorScheme);
      await expectAccessible(page, `/secure-account (${name}, ${colorScheme})`);
      await intruder.goto('/editProfile');
      await expect(intruder).toHaveURL(/\/editProfile$/);

      // From the keyboard: the one button secures the account and leads to the new password.
      const secure = page.getByRole('button', { name: 'Secure my account' });
      await secure.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Change your Password' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(page).toHaveURL(/\/reset-password\/[A-Za-z0-9_-]+\/talesrunner$/);

      // Every other session ended: the intruder's next player page sends it to Login.
      await intruder.goto('/editProfile');
      await expect(intruder).toHaveURL(/\/login$/, { timeout: 15_000 });

      await page.locator('input[name="new_password"]').fill(NEW_PASSWORD);
      await page.locator('input[name="new_password_confirmation"]').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(/Your password has been changed/)).toBeVisible();
      await expect(page).toHaveURL(/\/login\/talesrunner$/, { timeout: 15_000 });
      const old = await page.request.post('/login', { data: { email, password: PASSWORD } });
      expect(old.status()).toBe(401);
      await signInThroughPage(page, email, NEW_PASSWORD);

      // The alert's link worked once: opened again, it says so and offers "Forgot password".
      await page.goto(new URL(linkFrom(alert, '/secure-account/')).pathname);
      await page.getByRole('button', { name: 'Secure my account' }).click();
      await expect(page.getByRole('alert')).toContainText('has already been used or has expired');
      await expect(page.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
        'href',
        '/password/request',
      );
      await expectAccessible(page, `/secure-account spent link (${name}, ${colorScheme})`);
    });
  });
}
