import { expect, type Page } from '@playwright/test';

/**
 * Buys Rainbow Sneakers in the Tales Runner shop with the sandbox's success card, as the signed-in player of
 * `page`; returns the order's txnid once the result page says it is paid.
 */
export async function buyWithTheSuccessCard(page: Page): Promise<string> {
  await page.goto('/TRWebshop');
  const card = page.locator('[data-testid^="product-"]', { hasText: 'Rainbow Sneakers' });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: /Cart \(1\)/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByLabel('Name on card').fill('Card Holder');
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
