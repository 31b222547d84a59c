import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newStaffColleague, newVerifiedPlayer, signInAdmin } from './support/session';

const PRODUCT = 'Mystery Chest';

/** The row of My Orders for `txnid` says `text` about its items, within the time the game needs to answer. */
async function expectDelivery(page: Page, txnid: string, text: string) {
  await expect(async () => {
    await page.goto('/orders');
    const row = page.getByTestId('order-row').filter({ hasText: 'Mystery Chest' });
    await expect(row).toHaveCount(1, { timeout: 2_000 });
    await expect(row.getByTestId('order-delivery')).toHaveText(text, { timeout: 2_000 });
  }, `order ${txnid}: ${text}`).toPass({ timeout: 30_000 });
}

/** The development game inbox lists `outcome` for the order. */
async function expectInbox(page: Page, txnid: string, outcome: string) {
  await expect(async () => {
    await page.goto('/dev/game-inbox?game=yggdra');
    const row = page
      .getByRole('row')
      .filter({ hasText: `order ${txnid}` })
      .filter({ hasText: outcome });
    await expect(row).toHaveCount(1, { timeout: 2_000 });
  }, `inbox for ${txnid}: ${outcome}`).toPass({ timeout: 30_000 });
}

test("a Yggdra purchase reaches the game and is taken back after finance's refund", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await newVerifiedPlayer(page, 'delivery', 'Delivery-Journey-2026');

  // The player buys in the Yggdra shop with the sandbox's success card.
  await page.goto('/webshop');
  await page
    .locator('[data-testid^="product-"]', { hasText: PRODUCT })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await page.getByRole('link', { name: 'Cart, 1 items' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByLabel('Name on card').fill('Delivery Player');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay PHP/ }).click();
  await expect(page).toHaveURL(/\/webshop\/payment\?txnid=YG/);
  await expect(page.getByTestId('payment-message')).toHaveText(
    'Payment successful. Thank you for your purchase!',
  );
  const txnid = new URL(page.url()).searchParams.get('txnid')!;

  // The game's webhook (the demo points it at the development receiver) takes the items: delivered.
  await expectDelivery(page, txnid, 'Delivered to Yggdra');
  await expectAccessible(page, '/orders with a delivered order');
  const inbox = await (await browser.newContext()).newPage();
  await expectInbox(inbox, txnid, `Gave 1 × ${PRODUCT} to the player`);

  // Finance sees the order's items and their delivery, then refunds it.
  const finance = await (await browser.newContext()).newPage();
  await signInAdmin(finance, await newStaffColleague(finance, 'finance', 'fin-delivery'));
  await finance.goto('/mlg/admin/sales');
  const row = finance.getByTestId(`order-${txnid}`);
  await row.getByRole('button', { name: `Details of order ${txnid}` }).click();
  const details = finance.getByRole('dialog', { name: `Order ${txnid}` });
  const entitlements = details.getByRole('list', { name: 'Entitlements' });
  await expect(entitlements).toContainText(`${PRODUCT} × 1`);
  await expect(entitlements).toContainText('Collected by the game');
  await expect(details.getByRole('list', { name: 'Deliveries' })).toContainText('Yggdra · Items granted');
  await expect(details.getByRole('list', { name: 'Deliveries' })).toContainText('Delivered');
  await expectAccessible(finance, "an order's items and deliveries");
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  await row.getByRole('button', { name: `Refund order ${txnid}` }).click();
  const refund = finance.getByRole('dialog', { name: 'Refund this order?' });
  await refund.getByRole('textbox', { name: /Reason/ }).fill('Bought the wrong chest');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(finance.getByText(`Order ${txnid} was refunded.`)).toBeVisible();

  // The player's order says the items were taken back; the game received the revocation.
  await expectDelivery(page, txnid, 'Taken back after the refund');
  await expectInbox(inbox, txnid, `Took 1 × ${PRODUCT} back from the player (clawback).`);
});
