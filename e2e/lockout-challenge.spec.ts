import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { pbkdf2, solveChallenge } from 'altcha/lib';
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

/** One guess from `address`; asked for a proof of work, the attacker pays it (altcha's own solver). */
async function guess(request: APIRequestContext, email: string, address: string) {
  const send = (extra: Record<string, string> = {}) =>
    request.post('/login', {
      data: { email, password: WRONG, ...extra },
      headers: { 'x-forwarded-for': address },
    });
  const first = await send();
  if (first.status() !== 429) return { status: first.status(), paid: false };
  const { code, challenge } = await first.json();
  expect(code).toBe('CHALLENGE_REQUIRED');
  const solution = await solveChallenge({ challenge, deriveKey: pbkdf2.deriveKey });
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  return { status: (await send({ altcha })).status(), paid: true };
}

test('after 25 failures from 5 addresses, the owner signs in from a new browser and from the launcher by solving a challenge', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = await newCaliberPlayer(request);
  const outcomes = [];
  for (let a = 1; a <= 5; a += 1)
    for (let i = 0; i < 5; i += 1) outcomes.push(await guess(request, email, `198.51.100.${a}`));
  expect(outcomes.map((o) => o.status)).toEqual(Array(25).fill(401));
  expect(outcomes.map((o) => o.paid)).toEqual([...Array(20).fill(false), ...Array(5).fill(true)]);

  // A new browser: the sign-in is checked (a live region says so), then the player is in.
  const owner = await browser.newContext();
  const page = await owner.newPage();
  await page.goto('/login/caliber');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Checking your browser…' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Checking your browser…' })).toHaveCount(0);
  await owner.close();

  // The launcher page in another new browser: checked too, then the launcher URL with its one-time code.
  const launcher = await browser.newContext();
  const launcherPage = await launcher.newPage();
  await launcherPage.goto('/loginapi');
  await launcherPage.getByLabel('Email').fill(email);
  await launcherPage.getByLabel(/^Password\s*\*?$/).fill(PASSWORD);
  await launcherPage.getByRole('button', { name: 'Continue' }).click();
  await expect(launcherPage.getByText('Checking your browser…')).toBeVisible();
  const code = await launcherCode(launcherPage);
  const identity = await exchangeLauncherCode(request, code);
  expect((await identity.json()).data).toMatchObject({ email, method: 'password' });
  await launcher.close();
});
