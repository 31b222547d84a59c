import { expect, type Page, test } from '@playwright/test';

const ADMIN = { email: 'admin@demo.local', password: 'AdminDemo!2026' };

async function signIn(page: Page) {
  await page.goto('/mlg/admin/login');
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button').last().click();
  await expect(page).toHaveURL(/\/mlg\/admin\/dashboard$/, { timeout: 15_000 });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const points = (page: Page, title: string) =>
  page.getByTestId(`chart-${title}`).locator('[data-points]').getAttribute('data-points');

/**
 * The registrations total the page was told. Other journeys register players in parallel, so a card is
 * checked against the reply it drew (at least the demo's seeded count), not a constant.
 */
function totalReply(page: Page, game: 'caliber' | 'yggdra'): Promise<string> {
  return page
    .waitForResponse((r) => new URL(r.url()).pathname === `/api/${game}-total-count`)
    .then(async (r) => String((await r.json())[`total_${game}_registrations`]));
}

async function shot(page: Page, name: string) {
  await test
    .info()
    .attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

test('the overall dashboard loads seeded data, filters, and alerts on a partial range', async ({ page }) => {
  const caliberTotal = totalReply(page, 'caliber');
  const yggdraTotal = totalReply(page, 'yggdra');
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Overall Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily Registration Filter' })).toBeVisible();
  expect(Number(await caliberTotal)).toBeGreaterThanOrEqual(3);
  expect(Number(await yggdraTotal)).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('card-Overall Caliber Registrations')).toHaveText(await caliberTotal);
  await expect(page.getByTestId('card-Overall Yggdra Registrations')).toHaveText(await yggdraTotal);
  await expect(page.getByRole('heading', { name: 'Daily Growth Percentage Comparison' })).toBeVisible();
  await expect
    .poll(async () => Number(await points(page, 'Tales Runner Daily Active Users')))
    .toBeGreaterThan(100);
  // The shell's chrome is hidden here.
  await expect(page.getByRole('link', { name: /Overall Dashboard/i })).toHaveCount(0);
  await shot(page, 'overall-unfiltered');

  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  await page.getByLabel('Date From:').fill(day(-10));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect.poll(() => messages).toEqual(["Please select both 'From' and 'To' dates."]);

  await page.getByLabel('Date To:').fill(day(-5));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect.poll(() => points(page, 'Tales Runner Daily Active Users')).toBe('6');
  await expect.poll(() => points(page, 'Caliber Daily Registrations')).toBe('6');
  await shot(page, 'overall-filtered');

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByLabel('Date From:')).toHaveValue('');
  await expect
    .poll(async () => Number(await points(page, 'Tales Runner Daily Active Users')))
    .toBeGreaterThan(100);
});

test('the Caliber dashboard draws activity, downloads and weekday series, and filters them', async ({
  page,
}) => {
  await signIn(page);
  const caliberTotal = totalReply(page, 'caliber');
  await page.goto('/mlg/admin/caliberDashboard');
  await expect(page.getByRole('heading', { name: 'Caliber Daily Registration Filter' })).toBeVisible();
  expect(Number(await caliberTotal)).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('card-Overall Caliber Registrations')).toHaveText(await caliberTotal);
  for (const title of [
    'Daily Active Users',
    'Daily Game Downloads',
    'Weekly Registration',
    'Monthly Registration',
    'Weekly Users per Day',
    'Monthly Users per Day',
    'CCU and Active Users',
  ]) {
    await expect(page.getByTestId(`chart-${title}`)).toBeVisible();
  }
  await expect.poll(async () => Number(await points(page, 'Daily Active Users'))).toBeGreaterThan(100);
  await expect.poll(async () => Number(await points(page, 'Daily Game Downloads'))).toBeGreaterThan(100);
  await shot(page, 'caliber-unfiltered');
  await page.getByLabel('Date From:').fill(day(-30));
  await page.getByLabel('Date To:').fill(day(-1));
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect.poll(() => points(page, 'Daily Active Users')).toBe('30');
  await expect.poll(() => points(page, 'Daily Game Downloads')).toBe('30');
  await shot(page, 'caliber-filtered');
});

test('the Yggdra dashboard loads, filters, and the chrome comes back on leaving', async ({ page }) => {
  await signIn(page);
  const yggdraTotal = totalReply(page, 'yggdra');
  await page.goto('/mlg/admin/yggdraDashboard');
  await expect(page.getByRole('heading', { name: 'Yggdra Daily Registration Filter' })).toBeVisible();
  expect(Number(await yggdraTotal)).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('card-Overall Yggdra Registrations')).toHaveText(await yggdraTotal);
  await expect(page.getByTestId('chart-User Count by Country')).toBeVisible();
  await expect.poll(async () => Number(await points(page, 'User Count by Country'))).toBeGreaterThan(0);
  await shot(page, 'yggdra-unfiltered');
  await page.getByLabel('Date From:').fill('2020-01-01');
  await page.getByLabel('Date To:').fill('2020-01-03');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect.poll(() => points(page, 'Yggdra Daily Registrations')).toBe('3');
  await expect.poll(() => points(page, 'User Count by Country')).toBe('0');
  await shot(page, 'yggdra-filtered-empty');
  await page.getByRole('navigation', { name: 'Dashboards' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/allUsers$/);
  await expect(page.getByRole('link', { name: /Overall Dashboard/i }).first()).toBeVisible();
});
