import { expect, type Page, test } from '@playwright/test';
import { newVerifiedPlayer, newVerifiedPlayerAccount } from './support/session';
import { buyWithTheSuccessCard } from './support/shop';

const PASSWORD = 'Orders-Journey-42';

async function payWithCard(page: Page, card: string) {
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByLabel('Name on card').fill('Orders Player');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay PHP/ }).click();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('the shops from the navigation and the profile; a purchase shows in My Orders', async ({ page }) => {
  test.setTimeout(90_000);
  await newVerifiedPlayer(page, 'orders', PASSWORD);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Webshops' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Yggdra Webshop' })).toHaveAttribute('href', '/webshop');
  await expect(main.getByRole('link', { name: 'Tales Runner Webshop' })).toHaveAttribute(
    'href',
    '/TRWebshop',
  );

  await nav(page).getByRole('link', { name: 'MY ORDERS' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page).toHaveTitle('My Orders | Games Portal');
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Yggdra Webshop' })).toBeVisible();

  await nav(page).getByRole('link', { name: 'TALES RUNNER WEBSHOP' }).click();
  await expect(page.getByRole('heading', { name: 'Tales Runner Webshop' })).toBeVisible();
  const card = page.locator('[data-testid^="product-"]', { hasText: 'Rainbow Sneakers' });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: /Cart \(1\)/ }).click();
  await page.getByRole('button', { name: 'One more Rainbow Sneakers' }).click();
  await expect(page.getByTestId('cart-quantity')).toHaveText('2');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await payWithCard(page, '4242 4242 4242 4242');

  await expect(page).toHaveURL(/\/webshopconfirmation\?txnid=TR/);
  await expect(page.getByTestId('payment-message')).toHaveText(
    'Payment successful. Thank you for your purchase!',
  );
  await expect(page.getByTestId('order-card')).toContainText('Rainbow Sneakers × 2');
  const txnid = new URL(page.url()).searchParams.get('txnid')!;

  await main.getByRole('link', { name: 'My Orders', exact: true }).click();
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Tales Runner');
  await expect(row).toContainText('Rainbow Sneakers × 2');
  await expect(row).toContainText('Paid');

  // A phone, in dark mode: one card per order, nothing wider than the screen.
  await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const orderCard = page.getByTestId('order-card');
  await expect(orderCard).toContainText(txnid);
  await expect(orderCard).toContainText('Paid');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto('/TRWebshop');
  const categories = page.getByRole('group', { name: 'Categories' });
  await expect(categories.getByRole('button', { name: 'Bundles' })).toBeInViewport();
});

test('a pending payment turns final on the result page without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await newVerifiedPlayer(page, 'orders', PASSWORD);
  await page.goto('/webshop');
  await nav(page).getByRole('link', { name: 'YGGDRA WEBSHOP' }).click();
  const card = page.locator('[data-testid^="product-"]', { hasText: 'Elixir Pack (x10)' });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: 'Cart, 1 items' }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await payWithCard(page, '4000 0000 0000 0259');

  await expect(page).toHaveURL(/\/webshop\/payment\?txnid=YG/);
  await expect(page.getByTestId('payment-message')).toHaveText('Your payment is being processed!');
  await expect(page.getByTestId('payment-polling')).toContainText('updates by itself');
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  // The sandbox delivers the payment about 15 s later.
  await expect(page.getByTestId('payment-message')).toHaveText(
    'Payment successful. Thank you for your purchase!',
    { timeout: 45_000 },
  );
  await expect(page.getByTestId('order-card')).toContainText('Paid');
  await expect(page.getByTestId('order-card')).toContainText('Elixir Pack (x10) × 1');
  await expect(page.getByTestId('payment-polling')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
});

test('on a shared browser, the next player never sees the orders of the one who signed out', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The next player is made first (through the API); the first player signs in after, and buys.
  const next = await newVerifiedPlayerAccount(page, 'next-on-browser', PASSWORD);
  await newVerifiedPlayer(page, 'first-on-browser', PASSWORD);
  await buyWithTheSuccessCard(page);
  await nav(page).getByRole('link', { name: 'MY ORDERS' }).click();
  await expect(page.getByTestId('order-row')).toContainText('Rainbow Sneakers');

  // Signed out and in again within the same page: no reload forgets what the app had fetched.
  await nav(page).getByRole('link', { name: 'LOGOUT' }).click();
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(next.email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/profile$/);

  // The next player's orders are held back: meanwhile the page says it is loading, and shows no one's orders.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/orders/mine**', async (route) => {
    await held;
    await route.continue();
  });
  await nav(page).getByRole('link', { name: 'MY ORDERS' }).click();
  await expect(page.getByRole('status', { name: 'Loading your orders' })).toBeVisible();
  await expect(page.getByTestId('order-row')).toHaveCount(0);
  release();
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByTestId('order-row')).toHaveCount(0);
});
