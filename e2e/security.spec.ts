import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { sendWithEnter } from './support/forms';
import { linkFrom, waitForMail } from './support/mail';

/** Every page of the spec's route table (parameters filled in). */
const PAGES = [
  '/',
  '/login',
  '/login/caliber',
  '/register/talesrunner',
  '/loginapi',
  '/loginapicheck',
  '/loginapipin',
  '/profile',
  '/editProfile',
  '/confirmation/resend',
  '/password/request',
  '/reset-password/abc/caliber',
  '/verifyemail/abc/caliber',
  '/developer-verifyemail/abc',
  '/social-login/abc',
  '/sdk-downloads',
  '/logout',
  '/admin-logout',
  '/webshop',
  '/webshop/cart',
  '/webshopconfirmation',
  '/webshop/payment',
  '/TRWebshop',
  '/TRCart',
  '/salesdashboard',
  '/mlg/admin/login',
  '/mlg/admin/dashboard',
  '/mlg/admin/caliberDashboard',
  '/mlg/admin/yggdraDashboard',
  '/mlg/admin/yggdraUsers',
  '/mlg/admin/caliberUsers',
  '/mlg/admin/allUsers',
  '/mlg/admin/referralCodes',
  '/mlg/admin/send-email-blast',
  '/normalPage',
];

test('every page is sent with a strict CSP and the security headers', async ({ request }) => {
  for (const path of PAGES) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const headers = res.headers();
    expect(headers['content-security-policy'], path).toContain("script-src 'self'");
    expect(headers['content-security-policy'], path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBeTruthy();
  }
});

test('redirect parameters cannot send a visitor to another site', async ({ page, request }) => {
  const evil = 'https://evil.example/steal';
  for (const path of [
    `/api/auth/google?next=${encodeURIComponent(evil)}&redirect_uri=${encodeURIComponent(evil)}&returnUrl=${encodeURIComponent(evil)}`,
    `/api/auth/facebook?redirect=${encodeURIComponent(evil)}`,
    `/api/auth/google/callback?state=x&code=y&redirect=${encodeURIComponent(evil)}`,
  ]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const location = res.headers().location ?? '';
    expect(location, path).not.toContain('evil.example');
  }
  // Client-side routes ignore such parameters too.
  await page.goto(`/logout?redirect=${encodeURIComponent(evil)}&next=${encodeURIComponent(evil)}`);
  await expect(page).toHaveURL(/localhost:3100\/login/);
  await page.goto(`/login?redirect=${encodeURIComponent(evil)}`);
  await expect(page).toHaveURL(/localhost:3100\/login/);
});

test('markup typed into text fields comes back as inert text everywhere it is shown', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const payload = `<img src=x onerror="window.__xss=1">${randomUUID().slice(0, 6)}`;
  const email = `xss-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Inert-Text-42';
  const registered = await request.post('/register', {
    data: {
      name: payload,
      email,
      password,
      password_confirmation: password,
      nickname: `xss${randomUUID().slice(0, 8)}`,
      selectedGame: 'caliber',
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto(linkFrom(await waitForMail(email, (m) => /verify/i.test(m.subject)), '/verifyemail/'));
  await expect(page).toHaveURL(/\/login\/caliber/, { timeout: 10_000 });

  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await sendWithEnter(page.locator('input[name="password"]'));
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  await expect(page.getByText(payload).first()).toBeVisible();
  // Other text fields of the profile carry markup too.
  await page.goto('/editProfile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.locator('input[name="occupation"]').fill('<script>window.__xss=2</script>');
  await page.locator('input[name="city"]').fill('<svg onload="window.__xss=3">');
  const saved = page.getByText('Profile Updated Successfully!').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Save' }).click();
  await saved;
  await page.goto('/profile');
  await expect(page.getByText('<script>window.__xss=2</script>')).toBeVisible();
  await expect(page.getByText('<svg onload="window.__xss=3">')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // Staff see the same player in the back-office tables: still text.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login\?logout=true|\/login$/);
  await page.goto('/mlg/admin/login');
  await page.getByLabel('Email').fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill('AdminDemo!2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/mlg\/admin\/dashboard/, { timeout: 15_000 });
  await page.goto('/mlg/admin/caliberUsers');
  await page.getByTestId('table-caliber-users').getByLabel('Search', { exact: true }).fill(email);
  await expect(page.getByRole('cell', { name: payload })).toBeVisible({ timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test('pages load without a CSP violation (no eval) and with the bundled Open Sans', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  for (const path of ['/login', '/register/talesrunner', '/TRWebshop', '/mlg/admin/login']) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
    // Typing into a form runs its zod schema, the part that would reach for new Function.
    await page.locator('input').first().fill('someone@example.com');
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      path,
    ).toEqual([]);
  }
  await page.goto('/login');
  // The page renders lazily: wait for its text, then ask for the bold face (loaded from our own /assets).
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  const bold = await page.evaluate(async () => (await document.fonts.load('700 16px "Open Sans"')).length);
  expect(bold).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.fonts.check('700 16px "Open Sans"'))).toBe(true);
  const fontFiles = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('open-sans')),
  );
  expect(fontFiles.length).toBeGreaterThan(0);
  for (const file of fontFiles)
    expect(new URL(file).pathname).toMatch(/^\/assets\/open-sans-latin-\d+-normal-.+\.woff2$/);
});
