import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAdmin, signInPlayer } from './support/session';

// A demo player whose role is 'admin' (she opens the sales dashboard) buys; the demo admin (an owner) refunds.
const BUYER = { email: 'ana@demo.local', password: 'PlayerDemo!2026' };

async function buyWithTheSuccessCard(page: Page): Promise<string> {
  await page.goto('/TRWebshop');
  const card = page.locator('[data-testid^="product-"]', { hasText: 'Rainbow Sneakers' });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: /Cart \(1\)/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByLabel('Name on card').fill('Ana Demo');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay PHP/ }).click();
  await expect(page).toHaveURL(/\/webshopconfirmation\?txnid=TR/);
  await expect(page.getByTestId('payment-message')).toHaveText(
    'Payment successful. Thank you for your purchase!',
  );
  return new URL(page.url()).searchParams.get('txnid')!;
}

test('the admin refunds a paid sandbox order from the sales dashboard; My Orders shows it Refunded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInPlayer(page, BUYER.email, BUYER.password);
  const txnid = await buyWithTheSuccessCard(page);

  await signInAdmin(page);
  await page.goto('/salesdashboard');
  const row = page.getByTestId(`order-${txnid}`);
  await expect(row).toContainText('SUCCESSFUL');
  // By keyboard: the row's Refund button, then the dialog's reason and its Refund button.
  await row.getByRole('button', { name: `Refund order ${txnid}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
  await expect(dialog).toContainText(txnid);
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Bought by mistake');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(`Order ${txnid} was refunded.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('REFUNDED');
  await expect(row.getByRole('button', { name: `Refund order ${txnid}` })).toHaveCount(0);
  await expectAccessible(page, '/salesdashboard with refund actions');

  await page.goto('/orders');
  const newest = page.getByTestId('order-row').first();
  await expect(newest).toContainText('Rainbow Sneakers');
  await expect(newest).toContainText('Refunded');
  await expectAccessible(page, '/orders with a refunded order');
});
