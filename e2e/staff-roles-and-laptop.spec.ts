import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newStaffColleague, signInAdmin } from './support/session';

// Issue #27, the back office: what each role is offered, the laptop layout, and dashboards that say what
// they cover. Each journey makes its own staff members and players.

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** Light or dark, as the configurator stores it, before the next page load. */
const useMode = (page: Page, dark: boolean) =>
  page.evaluate((on) => {
    localStorage.setItem('darkMode', String(on));
    localStorage.setItem('sidebarType', on ? 'bg-default' : 'bg-white');
  }, dark);

/** A colleague with `role`, invited by the demo owner, signed in on a page of their own. */
async function colleague(
  owner: Page,
  browser: Browser,
  role: 'support' | 'finance' | 'analyst',
  viewport = LAPTOP,
): Promise<Page> {
  const account = await newStaffColleague(owner, role, role);
  const page = await (await browser.newContext({ viewport })).newPage();
  await signInAdmin(page, account);
  return page;
}

const refused = (page: Page) => page.getByRole('heading', { name: "Your role can't open this" });

test('an analyst at 1366 px (light) and support at 390 px (dark) see one clear refusal and no action they lack', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);

  const analyst = await colleague(page, browser, 'analyst');
  await analyst.goto('/mlg/admin/staff');
  await expect(refused(analyst)).toBeVisible();
  await expect(analyst.getByText("Your role (analyst) doesn't include this page.")).toBeVisible();
  await expectAccessible(analyst, '/mlg/admin/staff refused (analyst, 1366 light)');
  await analyst.getByRole('link', { name: 'Go to a page you can open' }).click();
  await expect(analyst).toHaveURL(/\/mlg\/admin\/allUsers$/);
  const table = analyst.getByTestId('table-caliber-users');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Read-only: no export of personal data, no suspension, no referral code form.
  await expect(analyst.getByRole('button', { name: 'Export to Excel' })).toHaveCount(0);
  await expect(analyst.getByRole('button', { name: /^(Suspend|Reactivate) / })).toHaveCount(0);
  await analyst.goto('/mlg/admin/referralCodes');
  await expect(
    analyst.getByTestId('table-referral-codes').getByRole('heading', { name: 'Referral Codes' }),
  ).toBeVisible();
  await expect(analyst.getByRole('region', { name: 'Create a referral code' })).toHaveCount(0);
  await expect(analyst.getByRole('button', { name: 'Export to Excel' })).toHaveCount(0);

  const support = await colleague(page, browser, 'support', PHONE);
  await useMode(support, true);
  // The sign-in landing is the players' table for a role without dashboards; the dashboards refuse.
  await support.goto('/mlg/admin/dashboard');
  await expect(support).toHaveURL(/\/mlg\/admin\/allUsers$/);
  await expect(support.getByRole('button', { name: /^Suspend / }).first()).toBeVisible();
  await expect(support.getByRole('button', { name: 'Export to Excel' })).toHaveCount(0);
  for (const path of ['/mlg/admin/caliberDashboard', '/mlg/admin/sales', '/mlg/admin/audit']) {
    await support.goto(path);
    await expect(refused(support)).toBeVisible();
  }
  await expectAccessible(support, '/mlg/admin/audit refused (support, 390 dark)');

  // The owner is offered the exports.
  await page.goto('/mlg/admin/allUsers');
  await expect(page.getByRole('button', { name: 'Export to Excel' }).first()).toBeVisible();
});

for (const dark of [false, true]) {
  test(`at 1366x768 (${dark ? 'dark' : 'light'}) the navigation collapses, no floating button covers the table, long values show whole`, async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    // A player with a name too long for its column, found by the table's search.
    const email = `long-${randomUUID().slice(0, 8)}@example.test`;
    const name = 'Maximiliana Evangelina Concepcion de los Santos';
    const registered = await page.request.post('/register', {
      data: {
        name,
        email,
        password: 'Long-Name-2026!',
        password_confirmation: 'Long-Name-2026!',
        nickname: `long${randomUUID().slice(0, 8)}`,
        selectedGame: 'caliber',
      },
    });
    expect(registered.status()).toBe(201);
    await signInAdmin(page);
    await useMode(page, dark);
    await page.goto('/mlg/admin/caliberUsers');
    const table = page.getByTestId('table-caliber-users');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByTestId('configurator-button')).toHaveCount(0);
    await expect(page.getByTestId('navbar-configurator-button')).toBeVisible();

    const main = page.locator('main');
    const before = (await main.boundingBox())!;
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await expect(page.getByRole('button', { name: 'Expand navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeLessThan(100);
    await expect.poll(async () => (await main.boundingBox())!.x).toBeLessThan(before.x - 100);
    // Icons only: each entry keeps its name, and shows it on hover.
    const allUsers = nav.getByRole('link', { name: 'All Users' });
    await allUsers.hover();
    await expect(page.getByRole('tooltip')).toHaveText('All Users');
    await expectAccessible(page, `/mlg/admin/caliberUsers collapsed (${dark ? 'dark' : 'light'})`);

    await table.getByLabel('Search', { exact: true }).fill(email);
    // The light and dark runs each register a player of this name: the row of this run's address.
    const link = table.getByRole('row').filter({ hasText: email }).getByRole('link', { name });
    await expect(link).toBeVisible();
    const cut = link.locator('xpath=ancestor::span[@data-cut="true"]');
    await expect(cut).toHaveCount(1);
    // Away from the navigation's tooltip, then over the cut name: the whole name shows (keyboard focus
    // shows it too: AdminTable.test.tsx).
    await page.mouse.move(LAPTOP.width - 10, LAPTOP.height - 10);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await link.hover();
    await expect(page.getByRole('tooltip')).toHaveText(name);
    // Every column is reachable: the last one scrolls into view.
    const account = table.getByRole('columnheader', { name: 'Account', exact: true });
    await account.scrollIntoViewIfNeeded();
    await expect(account).toBeInViewport();

    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeGreaterThan(200);
  });
}

test('dashboards say which game and range each chart covers, and draw no day after today', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await signInAdmin(page);
  await useMode(page, true);
  await page.goto('/mlg/admin/dashboard');
  await expect(page.getByTestId('sales-reports-scope')).toHaveText(
    'Tales Runner only: the webshop orders of Tales Runner.',
  );
  const scope = (title: string) => page.getByTestId(`chart-${title}`).getByTestId('chart-scope');
  await expect(scope('Caliber Daily Registrations')).toHaveText('Caliber · all dates');
  await expect(scope('Tales Runner Daily Active Users')).toHaveText('Tales Runner · all dates');
  await expect(scope('Weekly Revenue')).toHaveText('Tales Runner · all dates');
  await expectAccessible(page, '/mlg/admin/dashboard (dark)');

  // A range reaching three days past today draws today and the two days before it only.
  const day = (offset: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  };
  await page.getByLabel('Date From:').fill(day(-2));
  await page.getByLabel('Date To:').fill(day(3));
  await page.getByRole('button', { name: 'Filter' }).click();
  const points = page.getByTestId('chart-Caliber Daily Registrations').locator('[data-points]');
  await expect(points).toHaveAttribute('data-points', '3');
  await expect(scope('Caliber Daily Registrations')).toContainText('Caliber · ');

  await page.setViewportSize(PHONE);
  await useMode(page, false);
  await page.goto('/mlg/admin/yggdraDashboard');
  await expect(page.getByTestId('sales-reports-scope')).toHaveText(
    'Yggdra only: the webshop orders of Yggdra.',
  );
  await expect(scope('Age Distribution')).toHaveText('Yggdra · all dates');
  await expectAccessible(page, '/mlg/admin/yggdraDashboard (390 light)');
});
