import { expect, test } from '@playwright/test';

test('the root lands on /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'LOGIN' })).toBeVisible();
});

test('a game outside caliber and talesrunner redirects to the bare page', async ({ page }) => {
  await page.goto('/login/minecraft');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/register/yggdra');
  await expect(page).toHaveURL(/\/register$/);
  await page.goto('/login/caliber');
  await expect(page).toHaveURL(/\/login\/caliber$/);
});

test('a deep link loads the app', async ({ page }) => {
  const response = await page.goto('/sdk-downloads');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/sdk-downloads$/);
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('an admin deep link without a session goes to the admin login', async ({ page }) => {
  await page.goto('/mlg/admin/dashboard');
  await expect(page).toHaveURL(/\/mlg\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'ADMIN LOGIN' })).toBeVisible();
});

test('the side navigation shows the visitor items', async ({ page }) => {
  await page.goto('/normalPage');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'LOGIN' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'REGISTER' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'PROFILE' })).toHaveCount(0);
});

test('the sample profile shows the Suspended badge', async ({ page }) => {
  await page.goto('/normalPage');
  await expect(page.getByText('Suspended')).toBeVisible();
});

test('dark mode and the accent colour survive a reload', async ({ page }) => {
  await page.goto('/normalPage');
  await page.getByTestId('configurator-button').click();
  await page.getByTestId('accent-success').click();
  await page.getByTestId('dark-mode-toggle').click();
  const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // Styles apply a moment after a click or a reload: wait for them rather than read them once.
  await expect.poll(bodyBackground).not.toMatch(/^rgb\(248, 249, 250\)$|rgba\(0, 0, 0, 0\)/);
  const darkBackground = await bodyBackground();
  await page.reload();
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('accent'))).toBe('success');
  await expect.poll(bodyBackground).toBe(darkBackground);
});

for (const [motion, moves] of [
  ['reduce', false],
  ['no-preference', true],
] as const) {
  test(`the configurator ${moves ? 'slides in' : 'appears at once'} on a device whose motion setting is "${motion}"`, async ({
    browser,
  }) => {
    // The rest of the suite runs as a device that asks for reduced motion (playwright.config.ts).
    const context = await browser.newContext({ reducedMotion: motion });
    const page = await context.newPage();
    await page.goto('/normalPage');
    await page.getByTestId('configurator-button').click();
    const configurator = page.getByRole('dialog', { name: 'Configurator' });
    await expect(configurator).toBeVisible();
    const motionOf = (element: Element) => {
      const style = getComputedStyle(element);
      return { transition: style.transitionDuration, animation: style.animationDuration };
    };
    const { transition } = await configurator.evaluate(motionOf);
    // MUI slides the drawer in by an inline transition; on a still device there is none to time.
    if (moves) expect(transition).toMatch(/^0?\.\d+s$/);
    else expect(['0s', '1e-05s']).toContain(transition);
    await context.close();
  });
}

test('login page screenshots in light and dark mode', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'LOGIN' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('login-light.png'), fullPage: true });
  await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'LOGIN' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('login-dark.png'), fullPage: true });
  await testInfo.attach('login-light', {
    path: testInfo.outputPath('login-light.png'),
    contentType: 'image/png',
  });
  await testInfo.attach('login-dark', {
    path: testInfo.outputPath('login-dark.png'),
    contentType: 'image/png',
  });
});
