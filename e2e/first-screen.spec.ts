import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { newVerifiedPlayerAccount, signInAdmin, signInPlayer } from './support/session';

/**
 * The public entry screens arrive prerendered (decision 0050): the page and its form are in the first
 * response, in the device's colour scheme once the browser says it (Sec-CH-Prefers-Color-Scheme, asked by the
 * first page), and the app hydrates them without a warning and without replacing them.
 */
const PAGES: { path: string; heading: string }[] = [
  { path: '/login', heading: 'LOGIN' },
  { path: '/login/caliber', heading: 'LOGIN' },
  { path: '/login/talesrunner', heading: 'LOGIN' },
  { path: '/register/caliber', heading: 'REGISTER' },
  { path: '/register/talesrunner', heading: 'REGISTER' },
  { path: '/password/request', heading: 'Forgot Password' },
  { path: '/confirmation/resend', heading: 'Resend Email Verification' },
];
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/**
 * A phone (or `viewport`) in the given scheme; remembers the heading the parser built before the app's script ran.
 * `routes` are set on the context before its page exists, so the page is created with them: a route set on an
 * open page once let a held answer through (the accessibility spec's verification link).
 */
async function phone(
  browser: Browser,
  scheme: Scheme,
  viewport = PHONE,
  routes?: (context: BrowserContext) => Promise<unknown>,
) {
  const context = await browser.newContext({ viewport, colorScheme: scheme });
  await routes?.(context);
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { prerendered: Element | null }).prerendered = document.querySelector('#root h1');
    });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

/** Requests matching `pattern` held until `release()`: what the page does meanwhile is the test's subject. */
function heldRoute(pattern: string | RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = (context: BrowserContext) =>
    context.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
  return { hold, release: () => release() };
}

/** Opens the path; answers the scheme the server prerendered it in, read from the response itself. */
async function open(page: Page, path: string): Promise<string | undefined> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const body = (await response?.text()) ?? '';
  // The page, and its form, are in the first response, not drawn by the script.
  expect(body).toMatch(/<div id="root" data-prerendered="(light|dark)"><div[^>]*>[\s\S]*<h1 /);
  // Sent before the app has hydrated, a form goes back to its page (never a GET with the password in it).
  expect(body).toContain(`<form method="post" action="/prerendered${path}" `);
  return /<div id="root" data-prerendered="(light|dark)">/.exec(body)?.[1];
}

/**
 * True once React has taken over the heading the parser built from the HTML (hydrated: React marks the node it
 * claims) and that node is still the one on screen (a render of its own would have replaced it).
 */
const hydrated = (page: Page) =>
  page.evaluate(() => {
    const node = (window as unknown as { prerendered: Element | null }).prerendered;
    return (
      node !== null &&
      node === document.querySelector('#root h1') &&
      Object.keys(node).some((key) => key.startsWith('__reactFiber$'))
    );
  });

/** The theme's page background (shell/theme.ts) in each scheme. */
const BACKGROUND: Record<Scheme, string> = { light: 'rgb(248, 249, 250)', dark: 'rgb(23, 25, 65)' };

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

for (const scheme of SCHEMES) {
  test(`the entry screens are prerendered and hydrated without a warning at 390 px, ${scheme}`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { context, page, problems } = await phone(browser, scheme);
    // The first page tells the browser to send its scheme; a dark device gets the dark page from then on.
    await open(page, '/login');
    for (const { path, heading } of PAGES) {
      const prerendered = await open(page, path);
      expect(prerendered).toBe(scheme);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect.poll(() => hydrated(page), `${path} is hydrated, not rendered again`).toBe(true);
      // The page answers once live.
      const email = page.locator('input[name="email"]');
      await email.fill('someone@example.test');
      await expect(email).toHaveValue('someone@example.test');
      expect(await bodyBackground(page)).toBe(BACKGROUND[scheme]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('a prerendered login signs a player in after hydration, light and dark', async ({ browser }) => {
  test.setTimeout(120_000);
  const password = 'First-Screen-42';
  const setup = await browser.newContext();
  const { email } = await newVerifiedPlayerAccount(await setup.newPage(), 'firstscreen', password);
  await setup.close();
  for (const scheme of SCHEMES) {
    const { context, page, problems } = await phone(browser, scheme);
    await open(page, '/login');
    expect(await open(page, '/login/talesrunner')).toBe(scheme);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: /Continue/ }).click();
    await expect(page.getByText('Login Successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
    expect(problems).toEqual([]);
    await context.close();
  }
});

test('what is typed before the app has started is kept, and a form sent early is sent once the app can send it', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const password = 'First-Screen-44';
  const setup = await browser.newContext();
  const { email } = await newVerifiedPlayerAccount(await setup.newPage(), 'typedearly', password);
  await setup.close();
  // A slow phone: while held, the app's scripts arrive only when released.
  let held: Promise<void> | null = null;
  let release = () => {};
  const { context, page, problems } = await phone(browser, 'light', PHONE, (phoneContext) =>
    phoneContext.route(/\/assets\/.+\.js$/, async (route) => {
      if (held) await held;
      await route.continue();
    }),
  );

  for (const { path, send, answer, darkStored } of [
    { path: '/password/request', send: 'Send', answer: /If an account exists for that email/ },
    // A dark choice stored on a light device: the app renders the page anew, replacing the markup.
    {
      path: '/password/request',
      send: 'Send',
      answer: /If an account exists for that email/,
      darkStored: true,
    },
    { path: '/login/talesrunner', send: /Continue/, answer: 'Login Successfully!' },
  ]) {
    await page.goto('/robots.txt');
    await page.evaluate((dark) => {
      if (dark) localStorage.setItem('darkMode', 'true');
      else localStorage.removeItem('darkMode');
    }, Boolean(darkStored));
    held = new Promise((resolve) => {
      release = resolve;
    });
    await page.goto(path, { waitUntil: 'commit' });
    const emailField = page.locator('input[name="email"]');
    await emailField.fill(email);
    const password_ = page.locator('input[name="password"]');
    if (await password_.count()) await password_.fill(password);
    const submit = page.getByRole('button', { name: send });
    // Not yet sendable: Enter sends nothing now (sent, the page would come back empty)…
    await expect(submit).toBeDisabled();
    // (once the page has loaded: its keeper of an early Enter is a deferred script)
    await page.waitForLoadState('domcontentloaded');
    await emailField.press('Enter');
    await expect(emailField).toHaveValue(email);
    await expect(page.getByText(answer)).toHaveCount(0);
    // …and the app sends it once it runs, with the values typed before (it has them, not only the screen).
    held = null;
    release();
    await expect(page.getByText(answer)).toBeVisible();
  }
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  expect(problems).toEqual([]);
  await context.close();
});

test('a stored session that has ended: the login stays while it is checked, and keeps what is typed', async ({
  browser,
}) => {
  const password = 'First-Screen-45';
  // The check of the stored session is held: typing goes on meanwhile, as on a slow connection.
  const { hold, release } = heldRoute('**/api/user-info');
  const { context, page, problems } = await phone(browser, 'light', PHONE, hold);
  const { email } = await newVerifiedPlayerAccount(page, 'endedsession', password);
  const token = await signInPlayer(page, email, password);
  // Signed out elsewhere: the token stays in this browser's storage, the server no longer knows it.
  expect(
    (await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(200);

  await open(page, '/login');
  const form = page.getByRole('form', { name: 'Login' });
  await expect(form.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await expect(page).toHaveURL(/\/login$/);
  release();
  // The ended session is forgotten, and the same form is still there with what was typed.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect(page).toHaveURL(/\/login$/);
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue(password);
  await form.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByText('Login Successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
  // The check's refusal (401) is the browser's only complaint.
  expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  await context.close();
});

test('a signed-in visitor at a prerendered login goes to Profile; a dark choice on a light device is dark', async ({
  browser,
}) => {
  const password = 'First-Screen-43';
  const { context, page, problems } = await phone(browser, 'light');
  await newVerifiedPlayerAccount(page, 'firstscreen', password);
  await open(page, '/login');
  await expect(page).toHaveURL(/\/profile$/);
  // Signed out away from Profile, whose session check would otherwise ask the server once more, without a token (401).
  await page.goto('/robots.txt');
  await page.evaluate(() => localStorage.clear());
  await page.evaluate(() => localStorage.setItem('darkMode', 'true'));
  expect(await open(page, '/login')).toBe('light');
  await expect(page.getByRole('heading', { level: 1, name: 'LOGIN' })).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe(BACKGROUND.dark);
  expect(problems).toEqual([]);
  await context.close();
});

/**
 * The SDK page arrives rendered with the chrome (decision 0061) and the server's SDK list (decision 0062): one
 * markup for phones and laptops, whose navigation is a panel or a drawer by CSS alone, hydrated without a
 * warning at both widths.
 */
for (const [device, viewport] of [
  ['a phone', PHONE],
  ['a laptop', LAPTOP],
] as const) {
  test(`the SDK page arrives rendered with its list and navigation and hydrates on ${device}, light and dark`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    for (const scheme of SCHEMES) {
      const { context, page, problems } = await phone(browser, scheme, viewport);
      await page.goto('/login');
      const { sdks } = (await (await page.request.get('/api/sdk')).json()) as { sdks: { id: string }[] };
      expect(sdks.length, 'the built server has SDK archives').toBeGreaterThan(0);
      const response = await page.goto('/sdk-downloads');
      const body = (await response?.text()) ?? '';
      // Every archive is in the first response, so nothing moves when the app takes over.
      for (const sdk of sdks) expect(body).toContain(`data-testid="sha256-${sdk.id}"`);
      expect(body).toMatch(/<div id="root" data-prerendered="(light|dark)">[\s\S]*<h1 [^>]*>SDK Downloads/);
      expect(body).toContain('aria-label="Main navigation"');
      expect(/<div id="root" data-prerendered="(light|dark)">/.exec(body)?.[1]).toBe(scheme);
      await expect(page.getByRole('heading', { level: 1, name: 'SDK Downloads' })).toBeVisible();
      await expect.poll(() => hydrated(page), 'the SDK page is hydrated, not rendered again').toBe(true);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      if (viewport === PHONE) {
        await expect(nav).toBeHidden();
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(nav).toBeVisible();
        await expect(nav.getByRole('link', { name: /^LOGIN/ })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(nav).toBeHidden();
      } else {
        await expect(nav.getByRole('link', { name: /^LOGIN/ })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
        await page.getByRole('button', { name: 'Collapse navigation' }).click();
        await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
      }
      expect(await bodyBackground(page)).toBe(BACKGROUND[scheme]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
}

/**
 * The shops arrive rendered by the server for a signed-in player, with the catalog from its cache and the
 * test-payments banner (decision 0062): one markup for phones and laptops, hydrated without a warning, the
 * cart then working as on any visit.
 */
const SHOPS = [
  { path: '/TRWebshop', game: 'talesrunner', heading: 'Tales Runner Webshop', cart: /^Cart \([1-9]\d*\)$/ },
  { path: '/webshop', game: 'yggdra', heading: 'Yggdra Webshop', cart: /^Cart, [1-9]\d* items$/ },
] as const;

for (const [device, viewport] of [
  ['a phone', PHONE],
  ['a laptop', LAPTOP],
] as const) {
  test(`the shops arrive rendered with their catalog and hydrate on ${device}, light and dark`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const password = 'Shop-First-Screen-44';
    const setup = await browser.newContext();
    const { email } = await newVerifiedPlayerAccount(await setup.newPage(), 'shopscreen', password);
    await setup.close();
    for (const scheme of SCHEMES) {
      const { context, page, problems } = await phone(browser, scheme, viewport);
      await signInPlayer(page, email, password);
      // A page of the portal first: its Accept-CH asks the browser for its colour scheme, which the browser
      // then sends with every page (the very first page of a visit is drawn light).
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const shop of SHOPS) {
        const catalog = (await (await page.request.get(`/api/getproducts/${shop.game}`)).json()) as {
          products: { name: string; sku: string; available: number }[];
        };
        const inStock = catalog.products.find((product) => product.available > 0);
        expect(inStock, `the ${shop.game} demo catalog has a product in stock`).toBeDefined();
        const response = await page.goto(shop.path);
        expect(response?.status()).toBe(200);
        const body = (await response?.text()) ?? '';
        expect(/<div id="root" data-prerendered="(light|dark)"/.exec(body)?.[1]).toBe(scheme);
        expect(body).toContain('data-session="player"');
        expect(body).toMatch(new RegExp(`<h1 [^>]*>${shop.heading}</h1>`));
        // Every product of the catalog, and the sandbox's banner, are in the first response.
        for (const product of catalog.products)
          expect(body).toContain(`data-testid="product-${product.sku}"`);
        expect(body).toContain('data-testid="test-payments-banner"');
        // The pictures at the top (the largest paint) are fetched with the page; the app's scripts only once
        // the page is painted (decision 0078).
        expect(body).toContain('<link rel="preload" as="image" fetchpriority="high" href="/shop-images/');
        expect(body).not.toContain('<script type="module"');
        expect(body).toContain('<script defer src="/start-app-after-paint.js"></script>');
        await expect(page.getByRole('heading', { level: 1, name: shop.heading })).toBeVisible();
        await expect.poll(() => hydrated(page), `${shop.path} is hydrated, not rendered again`).toBe(true);
        await page
          .getByTestId(`product-${inStock!.sku}`)
          .getByRole('button', { name: 'Add to Cart' })
          .click();
        await expect(page.getByRole('link', { name: shop.cart })).toBeVisible();
        expect(await bodyBackground(page)).toBe(BACKGROUND[scheme]);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
}

test('a visitor without a session who opens a rendered shop goes to Login', async ({ browser }) => {
  const { context, page, problems } = await phone(browser, 'light');
  const response = await page.goto('/TRWebshop');
  expect(await response?.text()).toContain('data-session="player"');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'LOGIN' })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

/**
 * A signed-in page's first requests leave from the entry, before the app's modules have arrived (decision
 * 0096), and the app takes their answers: each is asked once. Held here, the providers' chunk shows the order.
 */
test('a signed-in page asks for its checks and first data before the app has loaded, each once', async ({
  browser,
}) => {
  const password = 'First-Screen-44';
  const { hold, release } = heldRoute(/\/assets\/providers-[\w-]+\.js$/);
  const { context, page, problems } = await phone(browser, 'light', PHONE, hold);
  const { email, token } = await newVerifiedPlayerAccount(page, 'earlyrequests', password);
  await signInAdmin(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(`${request.method()} ${pathname}`);
  });
  const times = (request: string) => asked.filter((made) => made === request).length;

  await page.goto('/profile', { waitUntil: 'commit' });
  await expect.poll(() => [...asked].sort()).toEqual(['GET /api/profile', 'GET /api/user-info']);
  release();
  await expect(page.getByText(email)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([times('GET /api/user-info'), times('GET /api/profile')]).toEqual([1, 1]);

  asked.length = 0;
  await page.goto('/mlg/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Overall Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([times('GET /api/admin/mfa'), times('GET /api/admin/access')]).toEqual([1, 1]);

  // Signed out elsewhere: the early check's refusal still sends the player to Login.
  expect(
    (await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(200);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'LOGIN' })).toBeVisible();
  expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  await context.close();
});

/**
 * On a first visit a page the app draws shows its text in the fallback faces sized to Open Sans, then asks for
 * Open Sans (apps/web/src/shell/fonts.ts, decision 0100); once the faces have loaded, the next page draws in
 * them at once. Each load notes whether Open Sans was held back and what the page showed when it was let through.
 */
test('a signed-in page the app draws shows its text first, then Open Sans; the next visit draws in it at once', async ({
  browser,
}) => {
  const { hold, release } = heldRoute(/\/assets\/open-sans-latin-[\w-]+\.woff2$/);
  const { context, page, problems } = await phone(browser, 'light', PHONE, hold);
  const { email } = await newVerifiedPlayerAccount(page, 'fontslater', 'First-Screen-45');
  await context.addInitScript(() => {
    const seen = { held: false, shownWhenLetThrough: '' };
    (window as unknown as { fonts: typeof seen }).fonts = seen;
    // The document's element does not exist yet when this runs: the whole document is watched.
    new MutationObserver(() => {
      if (document.documentElement.classList.contains('fonts-held')) seen.held = true;
      else if (seen.held && !seen.shownWhenLetThrough) seen.shownWhenLetThrough = document.body.innerText;
    }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
  });
  const seen = () =>
    page.evaluate(
      () => (window as unknown as { fonts: { held: boolean; shownWhenLetThrough: string } }).fonts,
    );
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });

  const response = await page.goto('/profile');
  expect(await response?.text()).not.toContain('as="font"');
  // Drawn while the faces are held on their way: the page does not wait for them.
  await expect(page.getByText(email)).toBeVisible();
  await expect.poll(async () => (await seen()).shownWhenLetThrough).toContain(email);
  await expect.poll(() => fonts.length).toBeGreaterThan(0);
  release();
  await expect.poll(() => page.evaluate(() => document.fonts.check('1em "Open Sans"'))).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('fontsLoaded'))).toBe('true');

  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  expect((await seen()).held).toBe(false);
  expect(
    await page.getByText(email).evaluate((value) => getComputedStyle(value).fontFamily.split(',')[0]),
  ).toBe('"Open Sans"');
  expect(problems).toEqual([]);
  await context.close();
});

/**
 * A page spinner shows only once a page has waited a moment (shell/CenteredSpinner.tsx, decision 0097): each
 * page spinner of a wait is noted as it enters the page, before any frame is drawn, with whether it is shown.
 */
test('a page that waits shows its spinner after a moment, hidden as it appears, then the page', async ({
  browser,
}) => {
  const { hold, release } = heldRoute(/\/api\/profile$/);
  const { context, page, problems } = await phone(browser, 'light', PHONE, hold);
  await context.addInitScript(() => {
    const seen: { label: string | null; visibility: string }[] = [];
    (window as unknown as { pageSpinners: typeof seen }).pageSpinners = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            for (const spinner of node.matches('[role="status"]')
              ? [node]
              : node.querySelectorAll('[role="status"]'))
              if (spinner instanceof HTMLElement && spinner.style.animationDelay)
                seen.push({
                  label: spinner.getAttribute('aria-label'),
                  visibility: getComputedStyle(spinner).visibility,
                });
    }).observe(document, { childList: true, subtree: true });
  });
  const { email } = await newVerifiedPlayerAccount(page, 'spinner', 'First-Screen-45');

  await page.goto('/profile');
  const spinner = page.getByRole('status', { name: 'Loading your profile…' });
  await expect(spinner).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { pageSpinners: unknown[] }).pageSpinners);
  // The wait's first spinner entered hidden; the profile's, still waiting, is now shown.
  expect(seen[0]).toMatchObject({ visibility: 'hidden' });
  release();
  await expect(page.getByText(email)).toBeVisible();
  await expect(spinner).toHaveCount(0);
  expect(problems).toEqual([]);
  await context.close();
});
