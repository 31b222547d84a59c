import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newVerifiedPlayer } from './support/session';

const PASSWORD = 'Sessions-Journey-7';
const PHONE = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  viewport: { width: 390, height: 844 },
};

async function emailOf(page: Page, token: string): Promise<string> {
  const response = await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { user: { email: string } }).user.email;
}

test('a player sees the sessions of two browsers, signs the other out, and sees the sign-ins', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const token = await newVerifiedPlayer(page, 'sessions', PASSWORD);
  const email = await emailOf(page, token);

  // A second browser, a phone, signs in through the login page.
  const phoneContext = await browser.newContext(PHONE);
  const phone = await phoneContext.newPage();
  await phone.goto('/login');
  const form = phone.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(phone).toHaveURL(/\/profile$/, { timeout: 15_000 });

  // On the phone, in dark mode, its own Security page fits the screen and marks it.
  await phone.getByRole('main').getByRole('link', { name: 'Security' }).click();
  await expect(phone).toHaveURL(/\/security$/);
  await phone.evaluate(() => localStorage.setItem('darkMode', 'true'));
  await phone.reload();
  const phoneSessions = phone.getByTestId('session-row');
  await expect(phoneSessions).toHaveCount(2);
  await expect(phoneSessions.filter({ hasText: 'This device' })).toContainText('Mobile Safari on iOS');
  await expect(phone.getByTestId('event-row').first()).toContainText('Signed in');
  const background = () => phone.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect.poll(background).not.toMatch(/^rgb\(248, 249, 250\)$|rgba\(0, 0, 0, 0\)/);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(phone, '/security (phone, dark)');

  // The first browser opens Security from its profile.
  await page.goto('/profile');
  await page.getByRole('main').getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page).toHaveTitle('Security | Games Portal');
  const sessions = page.getByTestId('session-row');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(sessions.filter({ hasText: 'Mobile Safari on iOS' })).toHaveCount(1);
  const signIns = page.getByTestId('event-row').filter({ hasText: 'Signed in' });
  await expect(signIns).toHaveCount(2);
  await expect(signIns.filter({ hasText: 'Mobile Safari on iOS' })).toHaveCount(1);
  await expectAccessible(page, '/security');

  await page.getByRole('button', { name: 'Sign out Mobile Safari on iOS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out this session?' });
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('The session was signed out.')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByTestId('event-row').first()).toContainText('A session was signed out');

  // The phone's next request finds its session ended: it is back at Login, its storage cleared.
  await phone.reload();
  await expect(phone).toHaveURL(/\/login$/);
  expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await phoneContext.close();

  // This browser stays signed in.
  await page.reload();
  await expect(page.getByTestId('session-row')).toHaveCount(1);
});
