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
 * Every registrations total the page is told, in the order asked. Other journeys register players in
 * parallel, and a page may be told more than once (the overall dashboard right after sign-in, then the
 * game's own), so a card is checked against the latest reply, not a constant. A reply to a page already
 * left has no readable body: null.
 */
function totalReplies(page: Page, game: 'caliber' | 'yggdra'): Promise<string | null>[] {
  const totals: Promise<string | null>[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname !== `/api/${game}-total-count`) return;
    totals.push(
      r.json().then(
        (body) => String(body[`total_${game}_registrations`]),
        () => null,
      ),
    );
  });
  return totals;
}

/** The card shows the latest total the page was told, which holds at least the demo's seeded players. */
async function expectLatestTotal(page: Page, card: string, totals: Promise<string | null>[], seeded: number) {
  await expect(async () => {
    const latest = (await Promise.all(totals)).filter((total) => total !== null).at(-1);
    expect(Number(latest)).toBeGreaterThanOrEqual(seeded);
    await expect(page.getByTestId(card)).toHaveText(latest!, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

async function shot(page: Page, name: string) {
  await test
    .info()
    .attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

test('the overall dashboard loads seeded data, filters, and alerts on a partial range', async ({ page }) => {
  const caliberTotals = totalReplies(page, 'caliber');
  const yggdraTotals = totalReplies(page, 'yggdra');
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Overall Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Daily Registration Filter' })).toBeVisible();
  await expectLatestTotal(page, 'card-Overall Caliber Registrations', caliberTotals, 3);
  await expectLatestTotal(page, 'card-Overall Yggdra Registrations', yggdraTotals, 4);
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
  const caliberTotals = totalReplies(page, 'caliber');
  await signIn(page);
  await page.goto('/mlg/admin/caliberDashboard');
  await expect(page.getByRole('heading', { name: 'Caliber Daily Registration Filter' })).toBeVisible();
  await expectLatestTotal(page, 'card-Overall Caliber Registrations', caliberTotals, 3);
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
  const yggdraTotals = totalReplies(page, 'yggdra');
  await signIn(page);
  // Its sales reports are Yggdra's only (store types of other games stay out).
  const storeTypes = page.waitForRequest(
    (request) =>
      request.url().includes('/api/sales/byStoreType') &&
      new URL(request.url()).searchParams.get('game') === 'yggdra',
  );
  await page.goto('/mlg/admin/yggdraDashboard');
  await storeTypes;
  // The three count cards share one row at laptop width, filling it.
  const cards = await Promise.all(
    ['Overall Yggdra Registrations', 'Yggdra Registrations This Month', 'Yggdra Registrations Today'].map(
      async (label) =>
        (await page
          .getByTestId(`card-${label}`)
          .locator('xpath=ancestor::div[contains(@class,"MuiCard-root")]')
          .boundingBox())!,
    ),
  );
  expect(new Set(cards.map((box) => Math.round(box.y))).size).toBe(1);
  const filter = (await page
    .getByRole('region', { name: 'Yggdra Daily Registration Filter' })
    .boundingBox())!;
  const last = cards.at(-1)!;
  expect(Math.abs(last.x + last.width - (filter.x + filter.width))).toBeLessThan(2);
  await expect(page.getByRole('heading', { name: 'Yggdra Daily Registration Filter' })).toBeVisible();
  await expectLatestTotal(page, 'card-Overall Yggdra Registrations', yggdraTotals, 4);
  await expect(page.getByTestId('chart-User Count by Country')).toBeVisible();
  await expect.poll(async () => Number(await points(page, 'User Count by Country'))).toBeGreaterThan(0);
  await shot(page, 'yggdra-unfiltered');
  await page.getByLabel('Date From:').fill('2020-01-01');
  await page.getByLabel('Date To:').fill('2020-01-03');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect.poll(() => points(page, 'Yggdra Daily Registrations')).toBe('3');
  await expect.poll(() => points(page, 'User Count by Country')).toBe('0');
  await expect(page.getByTestId('chart-User Count by Country')).toContainText('No data for this range');
  await shot(page, 'yggdra-filtered-empty');
  await page.getByRole('navigation', { name: 'Dashboards' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/allUsers$/);
  await expect(page.getByRole('link', { name: /Overall Dashboard/i }).first()).toBeVisible();
});

test('the dashboard link row reaches the back office and logs out, on a desktop and a phone', async ({
  page,
}) => {
  await signIn(page);
  const backOffice = page.getByRole('navigation', { name: 'Back office' });
  // Full-screen per the spec: no side navigation, the row is the way on.
  await expect(page.getByRole('link', { name: /Caliber Referral Code/i })).toHaveCount(0);
  await backOffice.getByRole('link', { name: 'Referral Codes' }).click();
  await expect(page).toHaveURL(/\/mlg\/admin\/referralCodes$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Referral Codes', exact: true })).toBeVisible();
  await page.goto('/mlg/admin/caliberDashboard');
  await backOffice.getByRole('link', { name: 'Caliber Users' }).click();
  await expect(page).toHaveURL(/\/mlg\/admin\/caliberUsers$/);

  // On a 390 px phone the two rows wrap inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/mlg/admin/yggdraDashboard');
  await expect(
    page.getByRole('navigation', { name: 'Dashboards' }).getByRole('link', { name: 'Overall' }),
  ).toBeVisible();
  await expect(backOffice.getByRole('link', { name: 'Logout' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'dashboard-link-row-390');
  await backOffice.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/mlg\/admin\/login/);
  await page.goto('/mlg/admin/dashboard');
  await expect(page).toHaveURL(/\/mlg\/admin\/login$/);
});
