import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { waitForMail } from './support/mail';
import { newVerifiedPlayer } from './support/session';

/**
 * Issue #27 (decision 0044): a declined or canceled payment keeps the cart and offers "Try again"; My Orders
 * tells which it was; Buy Now buys one product alone; the Tales Runner cart fits a phone; every paid order
 * gets one receipt email. Each journey makes its own player.
 */
const PASSWORD = 'Outcomes-Journey-42';
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

async function fillCard(page: Page, card: string) {
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByLabel('Name on card').fill('Outcomes Player');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay PHP/ }).click();
}

const product = (page: Page, name: string) => page.locator('[data-testid^="product-"]', { hasText: name });
const fitsTheScreen = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test('the cart is one card per line; a canceled and a declined payment keep it; My Orders says which', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await newVerifiedPlayer(page, 'outcomes', PASSWORD);
    await page.goto('/TRWebshop');
    await product(page, 'Speed Potion (x5)').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: /Cart \(1\)/ })).toBeVisible();
    await product(page, 'Rainbow Sneakers').getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('link', { name: /Cart \(2\)/ }).click();

    // Each line a card, nothing wider than the screen, Remove in view.
    const cart = page.getByRole('list', { name: 'Cart' });
    await expect(cart.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('table')).toHaveCount(0);
    const potion = page.getByTestId('cart-item-tr-speed-potion');
    await potion.getByRole('button', { name: 'One more Speed Potion (x5)' }).click();
    await expect(potion.getByTestId('cart-quantity')).toHaveText('2');
    await expect(potion).toContainText('PHP 90.00');
    const removeSneakers = page.getByRole('button', { name: 'Remove Rainbow Sneakers' });
    await expect(removeSneakers).toBeInViewport();
    await fitsTheScreen(page, PHONE.width);
    await expectAccessible(page, '/TRCart (phone)');
    await removeSneakers.click();
    await expect(cart.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('order-total')).toHaveText('Order Total: PHP 90.00');

    // Canceled on the payment page: the cart is back, and Try again opens it.
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/sandbox-pay\//);
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(page).toHaveURL(/\/webshopconfirmation\?txnid=TR.*status=canceled/);
    await expect(page.getByTestId('payment-message')).toHaveText('Your payment was canceled!');
    await expect(page.getByTestId('try-again')).toContainText('your cart still holds these items');
    await fitsTheScreen(page, PHONE.width);
    await expectAccessible(page, '/webshopconfirmation canceled (phone)');
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/TRCart$/);
    await expect(page.getByTestId('cart-item-tr-speed-potion').getByTestId('cart-quantity')).toHaveText('2');

    // Declined by the card: the cart is back again.
    await page.getByRole('button', { name: 'Checkout' }).click();
    await fillCard(page, '4000 0000 0000 0002');
    await expect(page.getByTestId('payment-message')).toHaveText(
      'Your payment failed and you were not charged!',
    );
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByTestId('cart-item-tr-speed-potion')).toBeVisible();

    // My Orders tells the two apart, in dark mode too.
    await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/orders');
    const failures = page.getByTestId('order-failure');
    await expect(failures).toHaveText([
      'Declined by your card or the payment provider',
      'Canceled by you on the payment page',
    ]);
    await fitsTheScreen(page, PHONE.width);
    await expectAccessible(page, '/orders failures (phone, dark)');
    await page.goto('/TRCart');
    await expect(page.getByTestId('cart-item-tr-speed-potion')).toBeVisible();
    await expectAccessible(page, '/TRCart (phone, dark)');
  });
});

test.describe('on a laptop (1366 px)', () => {
  test.use({ viewport: LAPTOP });

  test('Buy Now buys that one product alone; Try again after a cancel; one receipt email', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await newVerifiedPlayer(page, 'buynow', PASSWORD);
    const email = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('user') ?? 'null') as { email?: string } | null;
      return session?.email ?? null;
    });
    await page.goto('/TRWebshop');
    await product(page, 'Speed Potion (x5)').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: /Cart \(1\)/ })).toBeVisible();

    // Buy Now: the payment page holds Rainbow Sneakers alone, not the potion in the cart.
    await product(page, 'Rainbow Sneakers').getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/sandbox-pay\//);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText('Rainbow Sneakers × 1');
    await expect(summary).not.toContainText('Speed Potion');
    await expect(summary).toContainText('PHP 180.00');
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await expect(page.getByTestId('payment-message')).toHaveText('Your payment was canceled!');
    await expect(page.getByTestId('try-again')).toContainText('Rainbow Sneakers is still in the shop');
    await expectAccessible(page, '/webshopconfirmation canceled Buy Now (laptop)');

    // Try again opens a new payment page for the same product; the success card pays it.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Rainbow Sneakers × 1');
    await fillCard(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('payment-message')).toHaveText(
      'Payment successful. Thank you for your purchase!',
    );
    await expect(page.getByTestId('try-again')).toHaveCount(0);
    const txnid = new URL(page.url()).searchParams.get('txnid')!;

    // The cart was left as it was: the potion alone, in the table of a laptop.
    await page.goto('/TRCart');
    await expect(page.getByRole('row', { name: /Speed Potion/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Rainbow Sneakers/ })).toHaveCount(0);

    // My Orders: the paid one, the canceled one.
    await page.goto('/orders');
    await expect(page.getByTestId('order-row')).toHaveCount(2);
    await expect(page.getByTestId('order-row').first()).toContainText('Paid');
    await expect(page.getByTestId('order-failure')).toHaveText(['Canceled by you on the payment page']);
    await expectAccessible(page, '/orders (laptop)');

    // The receipt: items, amount, txnid and a link to My Orders.
    expect(email).toBeTruthy();
    const receipt = await waitForMail(email!, (m) => m.subject === `Your receipt for order ${txnid}`);
    expect(receipt.text).toContain('Rainbow Sneakers × 1: PHP 180.00');
    expect(receipt.text).toContain('Total paid: PHP 180.00');
    expect(receipt.text).toContain(`Transaction ID: ${txnid}`);
    expect(receipt.text).toMatch(/See my orders: https?:\/\/\S+\/orders/);
  });
});
