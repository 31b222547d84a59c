import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signInPlayer } from './support/session';

const PASSWORD = 'PlayerDemo!2026';

async function payWithCard(page: Page, card: string) {
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
  await page.getByLabel('Name on card').fill('Demo Player');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay PHP/ }).click();
}

async function talesRunnerCheckout(page: Page, email: string, product: string) {
  await signInPlayer(page, email, PASSWORD);
  await page.goto('/TRWebshop');
  await expect(page.getByRole('heading', { name: 'Tales Runner Webshop' })).toBeVisible();
  const card = page.locator('[data-testid^="product-"]', { hasText: product });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`${product} Added to Cart!`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart \(1\)/ })).toBeVisible();
  await page.getByRole('link', { name: /Cart \(1\)/ }).click();
  await expect(page).toHaveURL(/\/TRCart$/);
  const row = page.getByRole('row', { name: new RegExp(product) });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('order-total')).toContainText('Order Total: PHP');
  await page.getByRole('button', { name: 'Checkout' }).click();
}

async function yggdraCheckout(page: Page, email: string, product: string) {
  await signInPlayer(page, email, PASSWORD);
  await page.goto('/webshop');
  await expect(page.getByRole('heading', { name: 'Yggdra Webshop' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'All' })).toBeVisible();
  await expect(page.getByText('Out of Stock').first()).toBeVisible();
  await page
    .locator('[data-testid^="product-"]', { hasText: product })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart, 1 items' }).click();
  await expect(page).toHaveURL(/\/webshop\/cart$/);
  await expect(page.getByText(product)).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
}

test('Tales Runner: buy with the success card and see the result', async ({ page }) => {
  await talesRunnerCheckout(page, 'carla@demo.local', 'Rainbow Sneakers');
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/webshopconfirmation\?txnid=TR/);
  await expect(page.getByTestId('payment-message')).toHaveText(
    'Payment successful. Thank you for your purchase!',
  );
});

test('Tales Runner: the decline card fails the order', async ({ page }) => {
  await talesRunnerCheckout(page, 'eve@demo.local', 'Lucky Clover');
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(/\/webshopconfirmation\?txnid=TR/);
  await expect(page.getByTestId('payment-message')).toHaveText(
    'Your payment failed and you were not charged!',
  );
});

test('Yggdra: the decline card fails the order', async ({ page }) => {
  await yggdraCheckout(page, 'dan@demo.local', 'Elixir Pack (x10)');
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(/\/webshop\/payment\?txnid=YG/);
  await expect(page.getByTestId('payment-message')).toHaveText(
    'Your payment failed and you were not charged!',
  );
});

test('Yggdra: buy with the success card, then find and export the order in the sales dashboard', async ({
  page,
}) => {
  await yggdraCheckout(page, 'finn@demo.local', 'Rune Sword');
  await payWithCard(page, '4242424242424242');
  await expect(page).toHaveURL(/\/webshop\/payment\?txnid=YG/);
  await expect(page.getByTestId('payment-message')).toHaveText(
    'Payment successful. Thank you for your purchase!',
  );
  const txnid = new URL(page.url()).searchParams.get('txnid')!;

  // A member cannot read the orders.
  await page.goto('/salesdashboard');
  await expect(page.getByText('The sales dashboard is for admins only.')).toBeVisible();

  await signInPlayer(page, 'ana@demo.local', PASSWORD);
  await page.goto('/salesdashboard');
  await expect(page.getByRole('heading', { name: 'Sales Dashboard' })).toBeVisible();
  const row = page.getByTestId(`order-${txnid}`);
  await expect(row).toContainText('ygg-rune-sword');
  await expect(row).toContainText('Yggdra');
  await expect(row).toContainText('PHP 399.00');
  await expect(row).toContainText('SUCCESSFUL');
  await expect(row.getByText('Refund due')).toHaveCount(0);

  // The demo data holds one order paid after it had expired: FAILED, flagged for a refund, explained on hover.
  // Staff find such orders with the Status filter's 'Refund due' (the dashboard pages, and the other journeys'
  // orders push it past the first page of the unfiltered list).
  const owed = page.getByRole('row').filter({ hasText: 'Refund due' });
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Refund due' }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(row).toHaveCount(0);
  await expect(owed).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(owed).toContainText('tr-speed-potion');
  await expect(owed).toContainText('FAILED');
  await owed.getByText('Refund due').hover();
  await expect(page.getByRole('tooltip')).toContainText('Refund the payment.');
  await page.mouse.move(0, 0);

  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'SUCCESSFUL' }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(row).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Refund due')).toHaveCount(0);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Sales_Orders.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const found: unknown[][] = [];
  sheet.eachRow((r) => {
    const values = r.values as unknown[];
    if (values[2] === txnid) found.push(values);
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.slice(4)).toEqual(['ygg-rune-sword', 'Yggdra', '399.00', 'PHP', 'SUCCESSFUL', 'No']);

  // The download address itself is useless without the short-lived signature.
  const anonymous = await page.request.get('/api/exportordersdownload?status=&datestart=&dateend=');
  expect(anonymous.status()).toBe(403);
});
