// @vitest-environment node
// The render module runs in the server's Node (decision 0062), not in a browser: tested where it runs.
import type { Product } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { renderServerDocument } from './prerender';

const TEMPLATE =
  '<!doctype html><html><head><title>Games Portal</title></head><body><div id="root"></div></body></html>';
const SHOES: Product = {
  id: 'p1',
  sku: 'tr-shoes',
  name: 'Speed <Shoes>',
  description: 'Run faster.',
  image_url: '/shop-images/shoe-tr-shoes.svg',
  price: { amount: '10.00', currency: 'USD' },
  available: 4,
  groups: [{ external_id: 'feet', name: 'Footwear' }],
  max_per_order: 5,
};
const shop = (testPayments: boolean) =>
  renderServerDocument(TEMPLATE, {
    path: '/TRWebshop',
    scheme: 'light',
    page: 'shop',
    products: JSON.stringify({ products: [SHOES] }),
    groups: JSON.stringify({ groups: SHOES.groups }),
    testPayments,
  });

describe('renderServerDocument', () => {
  it('renders a shop with its catalog, the sandbox banner and the data the app hydrates with', async () => {
    const page = await shop(true);
    expect(page).toContain('<div id="root" data-prerendered="light" data-session="player">');
    expect(page).toContain('Speed &lt;Shoes&gt;');
    expect(page).toContain('data-testid="test-payments-banner"');
    expect(page).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/shop-images/shoe-tr-shoes.svg">',
    );
    const data = /<script type="application\/json" id="portal-data">(.*?)<\/script>/.exec(page)?.[1];
    expect(data).not.toContain('<');
    expect(JSON.stringify(JSON.parse(data!))).toContain('Speed <Shoes>');
  });

  it("sends the chrome's buttons waiting for the app: the top bar's disabled, the floating configurator not yet there", async () => {
    // A tap before the app has taken the page over would be lost (the shop journeys tapped them that early).
    const page = await shop(false);
    const buttonTag = (testId: string) =>
      new RegExp(`<button[^>]*data-testid="${testId}"[^>]*>`).exec(page)?.[0];
    for (const testId of ['navbar-configurator-button', 'sidenav-toggle', 'sidenav-drawer-toggle']) {
      expect(buttonTag(testId), testId).toMatch(/ disabled=""/);
    }
    expect(page).not.toContain('data-testid="configurator-button"');
  });

  it('has no sandbox banner when payments are real (production)', async () => {
    const page = await shop(false);
    expect(page).toContain('Speed &lt;Shoes&gt;');
    expect(page).not.toContain('test-payments-banner');
  });

  it('refuses a path that is not the page it is asked for, and a reply that is not the contract’s', async () => {
    await expect(
      renderServerDocument(TEMPLATE, { path: '/login', scheme: 'light', page: 'sdks', sdks: '{"sdks":[]}' }),
    ).rejects.toThrow('/login is no sdks page');
    await expect(
      renderServerDocument(TEMPLATE, {
        path: '/webshop',
        scheme: 'dark',
        page: 'shop',
        products: '{"products":[{"name":"x"}]}',
        groups: '{"groups":[]}',
        testPayments: false,
      }),
    ).rejects.toThrow(/"path": \[\s*"products",\s*0,\s*"id"/);
  });
});
