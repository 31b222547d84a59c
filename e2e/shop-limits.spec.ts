import { expect, type Locator, type Page, test } from '@playwright/test';
import { newVerifiedPlayer } from './support/session';

const BANNER = 'Test payments: no real money';
const PASSWORD = 'Limits-Journey-42';

/** WCAG contrast of a block's own text and background colours (both must be opaque rgb). */
async function contrastOf(block: Locator): Promise<number> {
  return block.evaluate((el) => {
    const style = getComputedStyle(el);
    const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (css: string) => {
      const [r, g, b] = channels(css).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

async function expectBanner(page: Page) {
  const banner = page.getByTestId('test-payments-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(BANNER);
  // Read again until it holds: a page that has just opened may still swap its layout (a lazy page replacing
  // its fallback), and a banner replaced between finding and reading has no computed colours (NaN).
  await expect
    .poll(() => contrastOf(banner), { message: 'contrast of the test-payments banner' })
    .toBeGreaterThanOrEqual(4.5);
  return banner;
}

test('the banner on every shop, cart and payment page; the per-order limit shown and enforced', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newVerifiedPlayer(page, 'limits', PASSWORD);

  // Yggdra: the Monthly Pass allows one per order.
  await page.goto('/webshop');
  await expect(page.getByRole('heading', { name: 'Yggdra Webshop' })).toBeVisible();
  await expectBanner(page);
  const pass = page.getByTestId('product-ygg-monthly-pass');
  await expect(pass).toContainText('Max 1 per order');
  await expect(page.getByTestId('product-ygg-diamonds-60')).toContainText('Max 10 per order');
  await pass.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  await pass.getByRole('button', { name: 'Add to Cart' }).click();
  // The message sits above the products: it is brought into view, however far down the product was.
  await expect(page.getByText('You can buy at most 1 of Monthly Pass in one order.')).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();

  await page.getByRole('link', { name: 'Cart, 1 items' }).click();
  await expect(page).toHaveURL(/\/webshop\/cart$/);
  await expect(page.getByTestId('cart-item-ygg-monthly-pass')).toContainText('Max 1 per order');
  await expectBanner(page);
  await page.getByRole('button', { name: 'Checkout' }).click();

  // The sandbox's own card page says it too.
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await expect(page.getByTestId('test-payments-banner')).toContainText(BANNER);
  await page.getByLabel('Name on card').fill('Limits Player');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay PHP/ }).click();
  await expect(page).toHaveURL(/\/webshop\/payment\?txnid=YG/);
  await expect(page.getByTestId('payment-message')).toHaveText(
    'Payment successful. Thank you for your purchase!',
  );
  await expectBanner(page);

  // Tales Runner: the Champion Bundle allows two per order; the third is refused by the cart.
  await page.goto('/TRWebshop');
  await expect(page.getByRole('heading', { name: 'Tales Runner Webshop' })).toBeVisible();
  await expectBanner(page);
  const bundle = page.getByTestId('product-tr-champion-bundle');
  await expect(bundle).toContainText('Max 2 per order');
  for (const count of [1, 2]) {
    await bundle.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: `Cart (${count})` })).toBeVisible();
  }
  await bundle.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('You can buy at most 2 of Champion Bundle in one order.')).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Cart (2)' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart (2)' }).click();
  await expect(page).toHaveURL(/\/TRCart$/);
  await expectBanner(page);
  await expect(page.getByTestId('cart-item-tr-champion-bundle')).toContainText('Max 2 per order');

  // The Tales Runner result page (here for an order of someone else: the banner comes before the answer).
  await page.goto('/webshopconfirmation?txnid=TR-NOT-MINE');
  await expect(page.getByText('We could not find this order.')).toBeVisible();
  await expectBanner(page);
});

test('the banner reads well on a 390 px phone, in light and dark mode', async ({ page }) => {
  await newVerifiedPlayer(page, 'limits', PASSWORD);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const path of ['/TRWebshop', '/webshop/cart']) {
      await page.goto(path);
      const banner = await expectBanner(page);
      const box = (await banner.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // The page itself does not scroll sideways because of it.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  }
});

test('a fourth unpaid order is refused with a message in the cart', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await newVerifiedPlayer(page, 'limits', PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  // Three unpaid orders, one in the other shop.
  for (const [game, sku] of [
    ['yggdra', 'ygg-gold-bundle'],
    ['talesrunner', 'tr-speed-potion'],
    ['talesrunner', 'tr-race-ticket-10'],
  ] as const) {
    const cart = await page.request.put(`/api/xsolla/${game}/cart`, {
      headers: auth,
      data: { items: [{ sku, quantity: 1 }] },
    });
    expect(cart.status()).toBe(200);
    expect((await page.request.post(`/api/xsolla/${game}/checkout`, { headers: auth })).status()).toBe(200);
  }

  await page.goto('/TRWebshop');
  const clover = page.getByTestId('product-tr-lucky-clover');
  await clover.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  await page.getByRole('link', { name: 'Cart (1)' }).click();
  await expect(page).toHaveURL(/\/TRCart$/);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(
    page.getByText(
      /^You have 3 unpaid orders\. Pay or cancel one on its payment page, or wait until one expires \(in (30|29) minutes\), before starting another\.$/,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/TRCart$/);
  // The cart is kept for later.
  await expect(page.getByTestId('cart-item-tr-lucky-clover')).toBeVisible();
});

test('on a 390 px phone the floating configurator button covers no Buy Now; the top bar one opens it', async ({
  page,
}) => {
  await newVerifiedPlayer(page, 'limits', PASSWORD);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/TRWebshop');
  await expect(page.getByRole('heading', { name: 'Tales Runner Webshop' })).toBeVisible();
  await expect(page.getByTestId('configurator-button')).toBeHidden();
  const buyNow = page.getByRole('button', { name: 'Buy Now' });
  await expect(buyNow.first()).toBeVisible();
  for (const button of await buyNow.all()) {
    // A disabled button (out of stock) takes no pointer events: there is nothing to cover.
    if (await button.isDisabled()) continue;
    // Scrolled to the bottom of the screen, where the floating button sits on a desktop: whatever is on top
    // anywhere over the button is the button itself.
    const covered = await button.evaluate((element) => {
      element.scrollIntoView({ block: 'end' });
      const box = element.getBoundingClientRect();
      // A grid over the button, inside its rounded corners.
      const points = [0, 0.25, 0.5, 0.75, 1].flatMap((fx) =>
        [0, 0.5, 1].map(
          (fy) => [box.left + 8 + fx * (box.width - 16), box.top + 4 + fy * (box.height - 8)] as const,
        ),
      );
      return points.some(([x, y]) => !element.contains(document.elementFromPoint(x, y)));
    });
    expect(covered).toBe(false);
  }
  await page.getByTestId('navbar-configurator-button').click();
  await expect(page.getByTestId('dark-mode-toggle')).toBeVisible();

  // On a desktop the floating button is still there.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/TRWebshop');
  await expect(page.getByTestId('configurator-button')).toBeVisible();
});
