import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test';
import { sendWithEnter } from './support/forms';
import { linkFrom, waitForMail } from './support/mail';
import { exchangeLauncherCode, launcherCode } from './support/social-launcher';

/**
 * The lockout denial of service of issue #24, replayed in real browsers (docs/decisions/0039): an attacker
 * with five addresses makes 25 failed sign-ins on a player's account (the last five each paying a solved
 * challenge); the player then signs in from a new browser and from the launcher page: each browser is
 * "checked" (a proof of work, no puzzle) and gets in.
 */
const PASSWORD = 'Owner-Secret-2026';
const WRONG = 'Attacker-Guess-1';

/** A new verified Caliber player of this journey's own. */
async function newCaliberPlayer(request: APIRequestContext): Promise<string> {
  const email = `dos-${randomUUID().slice(0, 8)}@example.test`;
  const registered = await request.post('/register', {
    data: {
      name: 'Dos Owner',
      nickname: `dos${randomUUID().slice(0, 8)}`,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      selectedGame: 'caliber',
    },
  });
  expect(registered.status()).toBe(201);
  const mail = await waitForMail(email, (m) => m.subject === 'Verify your email address');
  expect((await request.post(new URL(linkFrom(mail, '/verifyemail/')).pathname)).status()).toBe(200);
  return email;
}

/**
 * Records whether "Checking your browser…" appeared in the page's polite live region, in this document and
 * every one the page navigates to. The text shows only while the browser solves (about a second), so it is
 * watched by a MutationObserver, which sees every change, rather than polled, which can fall between them.
 */
async function watchChecking(page: Page): Promise<{ seen: boolean; live: boolean; besideForm: boolean }> {
  const watched = { seen: false, live: false, besideForm: false };
  await page.exposeFunction('e2eSawChecking', (live: boolean, besideForm: boolean) => {
    watched.seen = true;
    watched.live ||= live;
    watched.besideForm ||= besideForm;
  });
  await page.addInitScript((text) => {
    const report = (window as unknown as { e2eSawChecking: (live: boolean, besideForm: boolean) => void })
      .e2eSawChecking;
    new MutationObserver(() => {
      // Shown under the form that was sent, where the person looks (the live region is not drawn then).
      const besideForm = Array.from(document.querySelectorAll('form *')).some(
        (element) => element.childElementCount === 1 && element.textContent === text,
      );
      for (const region of Array.from(document.querySelectorAll('[aria-live]')))
        if (region.textContent === text) report(region.getAttribute('aria-live') === 'polite', besideForm);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, 'Checking your browser…');
  return watched;
}

/** Whether a request's JSON body carries a solved challenge (`altcha`). */
function carriesAltcha(request: Request): boolean {
  try {
    return Boolean(request.postDataJSON()?.altcha);
  } catch {
    return false; // a body that is not JSON
  }
}

/** Resolves once a sign-in request carrying a solved challenge has been answered. */
const paidSignIn = (page: Page, path?: string) =>
  page.waitForResponse((r) => (!path || r.url().endsWith(path)) && carriesAltcha(r.request()));

/** A guess without a proof of work from `address` (the suite's portal trusts X-Forwarded-For). */
const unpaidGuess = (request: APIRequestContext, email: string, address: string) =>
  request.post('/login', { data: { email, password: WRONG }, headers: { 'x-forwarded-for': address } });

test('after 25 failures from 5 addresses, the owner signs in from a new browser and from the launcher by solving a challenge', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = await newCaliberPlayer(request);
  // Four addresses, five failures each: 20, the account's threshold.
  for (let a = 1; a <= 4; a += 1)
    for (let i = 0; i < 5; i += 1)
      expect((await unpaidGuess(request, email, `198.51.100.${a}`)).status()).toBe(401);
  // From then on a guess without a proof of work is refused before the password is looked at.
  const refused = await unpaidGuess(request, email, '198.51.100.5');
  expect(refused.status()).toBe(429);
  expect((await refused.json()).code).toBe('CHALLENGE_REQUIRED');
  // The fifth address guesses five more times through the sign-in page, which pays each guess.
  const attacker = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.5' } });
  const attackerPage = await attacker.newPage();
  await attackerPage.goto('/login/caliber');
  for (let i = 0; i < 5; i += 1) {
    await attackerPage.locator('input[name="email"]').fill(email);
    await attackerPage.locator('input[name="password"]').fill(WRONG);
    const paid = paidSignIn(attackerPage, '/login');
    await sendWithEnter(attackerPage.locator('input[name="password"]'));
    expect((await paid).status()).toBe(401);
  }
  await attacker.close();

  // A new browser: the sign-in is checked (a live region says so), then the player is in.
  const owner = await browser.newContext();
  const page = await owner.newPage();
  const ownerChecked = await watchChecking(page);
  await page.goto('/login/caliber');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  const ownerPaid = paidSignIn(page, '/login');
  await sendWithEnter(page.locator('input[name="password"]'));
  expect((await ownerPaid).status()).toBe(200);
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
  expect(ownerChecked).toEqual({ seen: true, live: true, besideForm: true });
  await expect(page.getByText('Checking your browser…')).toHaveCount(0);
  await owner.close();

  // The launcher page in another new browser: checked too, then the launcher URL with its one-time code.
  const launcher = await browser.newContext();
  const launcherPage = await launcher.newPage();
  const launcherChecked = await watchChecking(launcherPage);
  await launcherPage.goto('/loginapi');
  await launcherPage.getByLabel('Email').fill(email);
  await launcherPage.getByLabel(/^Password\s*\*?$/).fill(PASSWORD);
  const launcherPaid = paidSignIn(launcherPage);
  await launcherPage.getByRole('button', { name: 'Continue' }).click();
  expect((await launcherPaid).status()).toBeLessThan(400);
  const code = await launcherCode(launcherPage);
  expect(launcherChecked).toEqual({ seen: true, live: true, besideForm: true });
  const identity = await exchangeLauncherCode(request, code);
  expect((await identity.json()).data).toMatchObject({ email, method: 'password' });
  await launcher.close();
});
