import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newVerifiedPlayer, signInAdmin, signInPlayer } from './support/session';
import { buyWithTheSuccessCard } from './support/shop';

// A demo player whose role is 'admin' opens the sales dashboard, where the demo admin (an owner) refunds.
const SALES_VIEWER = { email: 'ana@demo.local', password: 'PlayerDemo!2026' };

test('the admin refunds a paid sandbox order from the sales dashboard; My Orders shows it Refunded', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The buyer is a new player of this journey, so My Orders holds this order alone (decision 0056).
  const buyer = await (await browser.newContext()).newPage();
  await newVerifiedPlayer(buyer, 'refunded', 'Refunded-Buyer-2026');
  const txnid = await buyWithTheSuccessCard(buyer);

  await signInPlayer(page, SALES_VIEWER.email, SALES_VIEWER.password);
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

  await buyer.goto('/orders');
  const newest = buyer.getByTestId('order-row').first();
  await expect(newest).toContainText('Rainbow Sneakers');
  await expect(newest).toContainText('Refunded');
  await expectAccessible(buyer, '/orders with a refunded order');
});
