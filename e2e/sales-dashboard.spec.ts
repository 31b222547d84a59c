import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInPlayer } from './support/session';

// A demo player whose role is 'admin' opens the sales dashboard.
const SALES_VIEWER = { email: 'ana@demo.local', password: 'PlayerDemo!2026' };

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const pageStatus = (page: Page) => page.getByTestId('sales-page-status');
const orderRows = (page: Page) => page.locator('tbody [data-testid^="order-"]');

/** 'PHP 1,234.50' → cents. */
const cents = (money: string) => Math.round(Number(money.replace(/^[A-Z]{3} /, '').replace(/,/g, '')) * 100);

/** The part given back of a partly refunded order, in cents, from its status cell ('Partly refunded: PHP 49.90'). */
function partlyRefunded(status: string): number {
  const part = /Partly refunded: ([A-Z]{3} [\d,]+\.\d{2})/.exec(status);
  return part ? cents(part[1]!) : 0;
}

async function openDashboard(page: Page) {
  await signInPlayer(page, SALES_VIEWER.email, SALES_VIEWER.password);
  await page.goto('/salesdashboard');
  await expect(page.getByRole('heading', { name: 'Sales Dashboard', level: 1 })).toBeVisible();
  await expect(pageStatus(page)).toContainText('Page 1 of');
}

async function rowsOf(rows: Locator) {
  return rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      txnid: tr.getAttribute('data-testid')!.slice('order-'.length),
      price: tr.children[5]!.textContent!,
      status: tr.children[6]!.textContent!,
    })),
  );
}

test('pages through every order of the filter, whose totals it shows', async ({ page }) => {
  await openDashboard(page);
  const total = Number((await page.getByTestId('sales-total-orders').textContent())!.replace(/,/g, ''));
  // The demo data holds 11 orders; other journeys may have added some.
  expect(total).toBeGreaterThanOrEqual(11);
  const pages = Math.ceil(total / 10);
  await expect(pageStatus(page)).toHaveText(`Page 1 of ${pages} · Showing 1–10 of ${total}`);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  const seen: Awaited<ReturnType<typeof rowsOf>> = [];
  for (let n = 1; n <= pages; n += 1) {
    await expect(pageStatus(page)).toContainText(`Page ${n} of ${pages}`);
    await expect(orderRows(page)).toHaveCount(n < pages ? 10 : total - 10 * (pages - 1));
    seen.push(...(await rowsOf(orderRows(page))));
    if (n < pages) await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(new Set(seen.map((r) => r.txnid)).size).toBe(total);

  // The revenue shown is what the SUCCESSFUL orders of every page brought in, less their partial refunds
  // (net revenue, as the game dashboards count it; the demo is all PHP).
  const paid = seen.filter((r) => r.status.startsWith('SUCCESSFUL'));
  const revenue = (await page.getByTestId('sales-revenue').textContent())!;
  expect(cents(revenue)).toBe(paid.reduce((sum, r) => sum + cents(r.price) - partlyRefunded(r.status), 0));

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(pageStatus(page)).toContainText(`Page ${pages - 1} of ${pages}`);

  // A narrower filter has its own totals and starts again at page 1.
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'SUCCESSFUL' }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByTestId('sales-total-orders')).toHaveText(String(paid.length));
  await expect(pageStatus(page)).toContainText('Page 1 of');
});

test('copies a whole order ID from its compact form', async ({ page }) => {
  await openDashboard(page);
  const first = orderRows(page).first();
  const txnid = (await first.getAttribute('data-testid'))!.slice('order-'.length);
  await expect(first.getByText(`${txnid.slice(0, 4)}…${txnid.slice(-4)}`)).toBeVisible();
  await first.getByRole('button', { name: `Copy order ID ${txnid}` }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(txnid);
  // An ID no longer wraps: the row is one line of text high.
  const height = (await first.boundingBox())!.height;
  expect(height).toBeLessThan(60);
});

test('is accessible in light and dark, and fits a 390 px phone as cards', async ({ page }) => {
  await openDashboard(page);
  await expectAccessible(page, '/salesdashboard (light)');
  await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
  await page.reload();
  await expect(pageStatus(page)).toContainText('Page 1 of');
  await expectAccessible(page, '/salesdashboard (dark)');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(cards).toHaveCount(10);
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = cards.first();
  await expect(card).toBeInViewport();
  await expect(card.getByText(/^PHP [\d,]+\.\d{2}$/)).toBeVisible();
  await expect(card.getByText(/^(Pending|SUCCESSFUL|FAILED|REFUNDED|CHARGEBACK)$/)).toBeVisible();
  await expect(card.getByRole('button', { name: /^Copy order ID / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(pageStatus(page)).toContainText('Page 2 of');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, '/salesdashboard (dark, 390 px)');
});
