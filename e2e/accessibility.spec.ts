import { test as base, expect, type Page } from '@playwright/test';
import { renderSandboxPage, type SandboxPageModel } from '../apps/server/src/modules/payments/sandbox-page';
import { createAppTheme } from '../apps/web/src/shell/theme';
import { expectAccessible } from './support/axe';
import { signInAdmin, signInPlayer } from './support/session';

/**
 * Every screen of the router (apps/web/src/router.tsx) through axe, in light and dark mode: 0 serious and
 * 0 critical violations (issue 18). Dark mode comes from the device's colour scheme, as the portal follows it
 * until the configurator is used, also while a page is open: each page is loaded once and scanned whole in
 * light, then the device turns dark and it is scanned for what colour decides. The demo world is only read,
 * so this runs beside the journeys.
 */

const PLAYER_PASSWORD = 'PlayerDemo!2026';
/** An admin-role player with paid and pending orders in both shops (demo seed). */
const PLAYER = 'ana@demo.local';
/** A player with a declined Yggdra order and a late payment (refund due) in Tales Runner. */
const PLAYER_WITH_FAILURES = 'dan@demo.local';
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

const PUBLIC_PAGES = [
  '/login',
  '/login/caliber',
  '/register',
  '/register/talesrunner',
  '/mlg/admin/login',
  '/loginapi',
  '/loginapicheck',
  '/loginapipin?user=carla%40demo.local',
  '/confirmation/resend',
  '/password/request',
  `/reset-password/${'0'.repeat(64)}/talesrunner`,
  `/developer-verifyemail/${UNKNOWN_UUID}`,
  `/social-login/${UNKNOWN_UUID}`,
  `/email-change/cancel/${'0'.repeat(64)}`,
  '/sdk-downloads',
  '/activate',
  `/authorize/${UNKNOWN_UUID}`,
];

const PLAYER_PAGES = [
  '/normalPage',
  '/profile',
  '/editProfile',
  '/webshop',
  '/webshop/cart',
  '/TRWebshop',
  '/TRCart',
  '/orders',
  '/security',
  '/salesdashboard',
];

const ADMIN_PAGES = [
  '/mlg/admin/dashboard',
  '/mlg/admin/caliberDashboard',
  '/mlg/admin/yggdraDashboard',
  '/mlg/admin/yggdraUsers',
  '/mlg/admin/caliberUsers',
  '/mlg/admin/allUsers',
  '/mlg/admin/referralCodes',
  '/mlg/admin/developers',
  '/mlg/admin/send-email-blast',
  '/mlg/admin/audit',
  '/mlg/admin/games',
  '/mlg/admin/apps',
  '/mlg/admin/security',
  '/mlg/admin/two-step-setup',
];

/** A few screens at phone width, where the navigation becomes a drawer and tables scroll. */
const PHONE_PAGES = {
  public: ['/login', '/register/talesrunner', '/activate'],
  player: ['/profile', '/webshop', '/orders'],
};
const PHONE = { width: 390, height: 844 };

/** Who opens a page: a guest, the demo player PLAYER or the demo admin. */
type Audience = 'guest' | 'player' | 'admin';

/**
 * A tab per audience and worker, signed in once, which each test navigates to its page. The first load in a
 * new tab pays the app's whole start, its scripts compiled anew; a later load in the same tab about half of
 * that (the spec alone: 141 s against 184 s with a new tab per test, decision 0092). These tests only read
 * the demo world; the ones that route requests or change a stored preference keep Playwright's own `page`.
 * A failed test ends its worker, so the next one starts with new tabs.
 */
const test = base.extend<
  { pageAs: (audience: Audience, viewport?: { width: number; height: number }) => Promise<Page> },
  { pageOf: (audience: Audience) => Promise<Page> }
>({
  pageOf: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, reducedMotion, viewport } = workerInfo.project.use;
      const made = new Map<Audience, Promise<Page>>();
      const make = async (audience: Audience) => {
        const context = await browser.newContext({ baseURL, reducedMotion, viewport });
        const page = await context.newPage();
        if (audience === 'player') await signInPlayer(page, PLAYER, PLAYER_PASSWORD);
        if (audience === 'admin') await signInAdmin(page);
        return page;
      };
      await use((audience) => {
        if (!made.has(audience)) made.set(audience, make(audience));
        return made.get(audience)!;
      });
      for (const page of made.values()) await (await page).context().close();
    },
    { scope: 'worker' },
  ],
  pageAs: async ({ pageOf, viewport }, use) => {
    await use(async (audience, size) => {
      const page = await pageOf(audience);
      await page.setViewportSize(size ?? viewport!);
      // What a page kept for its tab (a return path, a standing token) is not for the next test's page.
      if (page.url() !== 'about:blank') await page.evaluate(() => sessionStorage.clear());
      return page;
    });
  },
});

type Scheme = 'light' | 'dark';

/** A `#rrggbb` colour as a browser's computed style writes it. */
const computed = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
/** The light theme's text colour: a heading drawn dark never has it. */
const LIGHT_TEXT = computed(createAppTheme('light', 'primary').palette.text.primary);

/** Checks the page is drawn in the scheme asked, with one h1. */
async function expectDrawn(page: Page, colorScheme: Scheme): Promise<void> {
  const heading = page.locator('h1');
  await expect(heading).toHaveCount(1);
  await expect(heading).toBeVisible();
  // Then the portal's theme followed the device: CssBaseline states the scheme it drew, and the page's own
  // colours follow it (the document's scheme turns some frames before them). Checked last: a page the server
  // drew in the other scheme is hidden until the app takes it over.
  await expect(page.locator('html')).toHaveCSS('color-scheme', colorScheme);
  if (colorScheme === 'dark') await expect(heading).not.toHaveCSS('color', LIGHT_TEXT);
}

/** Opens a page on a light device, waits until its data has arrived and checks it is drawn, light, with one h1. */
async function open(page: Page, path: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expectDrawn(page, 'light');
}

/**
 * Runs `visit` on the page opened light, then turns the device dark, waits until the portal has followed
 * (no reload) and runs `visit` again. The schemes differ only in the theme's colours, so the dark pass scans
 * only what colour decides (contrast, links told apart by colour); the light pass scans everything. `visit`
 * does not navigate, and leaves the page as it found it (a drawer it opened closed again).
 */
type Scan = (label: string, options?: { colourOnly?: boolean }) => Promise<void>;

async function inBothSchemes(page: Page, visit: (scan: Scan) => Promise<void>) {
  await visit((label, options) => expectAccessible(page, `${label} (light)`, options));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectDrawn(page, 'dark');
  await visit((label) => expectAccessible(page, `${label} (dark)`, { colourOnly: true }));
}

/** Opens `path` and scans it in both schemes. */
async function scanPage(page: Page, path: string, label = path): Promise<void> {
  await open(page, path);
  await inBothSchemes(page, (scan) => scan(label));
}

/**
 * A verification link shows its outcome, then goes on to its game's login 2 s later (spec), which shows the
 * outcome too. Each screen is scanned while it stays: the link's screen while the answer is held back (a
 * scan must not race the spec's timer), then the login it leads to.
 */
for (const path of [`/verifyemail/${UNKNOWN_UUID}/talesrunner`, `/login/talesrunner/${UNKNOWN_UUID}`]) {
  test(`${path} is accessible, and the login it leads to`, async ({ context }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The answer is the POST to the link's own path (the contract's verifyEmail); the page itself, a GET of
    // that path for /verifyemail, goes through. The hold is the context's, set before its page exists.
    await context.route(`**/verifyemail/${UNKNOWN_UUID}/talesrunner`, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    await expect(page.getByText('Verifying your email address…')).toBeVisible();
    await expectDrawn(page, 'light');
    await inBothSchemes(page, (scan) => scan(`${path}, waiting for the answer`));

    await page.emulateMedia({ colorScheme: 'light' });
    release();
    await expect(page).toHaveURL(/\/login\/talesrunner$/);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectDrawn(page, 'light');
    await inBothSchemes(page, (scan) => scan(`the login ${path} leads to`));
  });
}

/** The first order of each shop in the signed-in player's history. */
async function resultPages(page: Page, token: string): Promise<string[]> {
  const reply = await page.request.get('/api/orders/mine', { headers: { authorization: `Bearer ${token}` } });
  expect(reply.status()).toBe(200);
  const { orders } = (await reply.json()) as { orders: { txnid: string; shop: string }[] };
  const first = (shop: string) => {
    const txnid = orders.find((order) => order.shop === shop)?.txnid;
    if (!txnid) throw new Error(`the demo player has no ${shop} order`);
    return txnid;
  };
  return [`/webshop/payment?txnid=${first('yggdra')}`, `/webshopconfirmation?txnid=${first('talesrunner')}`];
}

// Every test only reads the demo world, so they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const path of PUBLIC_PAGES) {
  test(`${path} is accessible`, async ({ pageAs }) => {
    await scanPage(await pageAs('guest'), path);
  });
}

for (const path of PLAYER_PAGES) {
  test(`${path} is accessible to a player`, async ({ pageAs }) => {
    await scanPage(await pageAs('player'), path);
  });
}

for (const email of [PLAYER, PLAYER_WITH_FAILURES]) {
  test(`the payment result pages of ${email} are accessible`, async ({ page }) => {
    const token = await signInPlayer(page, email, PLAYER_PASSWORD);
    for (const path of await resultPages(page, token)) {
      await open(page, path);
      await inBothSchemes(page, async (scan) => {
        await expect(page.getByTestId('payment-message')).toBeVisible();
        await scan(path);
      });
    }
  });
}

test('the configurator is accessible, and /profile in each accent it offers', async ({ page }) => {
  // Seven scans in each scheme: the configurator and /profile in six accents. An accent changes colours only,
  // so past the default one the light scheme too is scanned for what colour decides.
  test.setTimeout(120_000);
  await signInPlayer(page, PLAYER, PLAYER_PASSWORD);
  await open(page, '/profile');
  await inBothSchemes(page, async (scan) => {
    await page.getByTestId('navbar-configurator-button').click();
    const configurator = page.getByRole('dialog', { name: 'Configurator' });
    await expect(configurator).toBeVisible();
    await scan('configurator');
    for (const accent of ['primary', 'dark', 'info', 'success', 'warning', 'danger']) {
      await configurator.getByTestId(`accent-${accent}`).click();
      await page.getByTestId('configurator-close').click();
      await expect(configurator).toBeHidden();
      await scan(`/profile in the ${accent} accent`, { colourOnly: accent !== 'primary' });
      await page.getByTestId('navbar-configurator-button').click();
    }
    // The next scheme starts again from the default accent, the configurator closed.
    await configurator.getByTestId('accent-primary').click();
    await page.getByTestId('configurator-close').click();
    await expect(configurator).toBeHidden();
  });
});

for (const path of ADMIN_PAGES) {
  test(`${path} is accessible to an admin`, async ({ pageAs }) => {
    await scanPage(await pageAs('admin'), path);
  });
}

test("a player's page is accessible to an admin", async ({ pageAs }) => {
  const page = await pageAs('admin');
  await open(page, '/mlg/admin/caliberUsers');
  // Other journeys register Caliber players first: find the demo player rather than read the first page.
  const table = page.getByTestId('table-caliber-users');
  await table.getByLabel('Search', { exact: true }).fill('ben@demo.local');
  const player = await table.getByRole('link', { name: 'Ben Cruz' }).getAttribute('href');
  expect(player).toMatch(/^\/mlg\/admin\/users\//);
  await scanPage(page, player!);
});

test.describe('at phone width', () => {
  for (const path of PHONE_PAGES.public) {
    test(`${path} is accessible`, async ({ pageAs }) => {
      await scanPage(await pageAs('guest', PHONE), path, `${path}, phone`);
    });
  }

  for (const path of PHONE_PAGES.player) {
    test(`${path} is accessible to a player, also with the navigation open`, async ({ pageAs }) => {
      const page = await pageAs('player', PHONE);
      await open(page, path);
      await inBothSchemes(page, async (scan) => {
        await scan(`${path}, phone`);
        await page.getByRole('button', { name: 'Open navigation' }).click();
        const navigation = page.getByRole('navigation', { name: 'Main navigation' });
        await expect(navigation).toBeVisible();
        await scan(`${path}, phone, navigation open`);
        await page.keyboard.press('Escape');
        await expect(navigation).toBeHidden();
      });
    });
  }

  test('/mlg/admin/allUsers is accessible to an admin', async ({ pageAs }) => {
    await scanPage(await pageAs('admin', PHONE), '/mlg/admin/allUsers', '/mlg/admin/allUsers, phone');
  });
});

test('the sandbox card page is accessible: the form, its errors and a closed payment', async ({ page }) => {
  // Rendered from the server's own template: a real checkout would leave an order in the shared demo data.
  // The page has no dark style, so one mode is enough.
  const form: SandboxPageModel = {
    merchant: 'Tales Runner',
    txnid: 'TR0A11Y',
    currency: 'PHP',
    amount: '250.00',
    items: [{ name: '1,000 TR Coins', quantity: 1, lineTotal: '250.00' }],
    action: '/sandbox-pay/TR0A11Y',
  };
  const views: [string, SandboxPageModel][] = [
    ['form', form],
    ['errors', { ...form, cardholder: 'Demo Player', errors: ['Enter a valid card number.'] }],
    ['closed', { ...form, closedMessage: 'This payment is closed.', returnUrl: '/TRCart' }],
  ];
  for (const [state, view] of views) {
    await page.setContent(renderSandboxPage(view));
    await expect(page.locator('h1')).toHaveCount(1);
    await expectAccessible(page, `sandbox card page, ${state}`);
  }
});

test('the check itself fails a page with a serious violation, in the full scan and in the colour-only one', async ({
  page,
}) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>' +
      '<p style="color:#bbb;background:#fff">Pale text on white</p></main></body></html>',
  );
  await expect(expectAccessible(page, 'a pale page')).rejects.toThrow(/color-contrast \[serious\] p/);
  await expect(expectAccessible(page, 'a pale page', { colourOnly: true })).rejects.toThrow(
    /color-contrast \[serious\]/,
  );
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>' +
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"></main></body></html>',
  );
  await expect(expectAccessible(page, 'an image without words')).rejects.toThrow(
    /image-alt \[critical\] img/,
  );
});
