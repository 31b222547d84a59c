import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { linkFrom, waitForMail } from './mail';
import { E2E } from './ports';

/**
 * The portal's origin without its app: local storage is written there before the test's first page, which
 * then starts signed in. Loading a page of the app only to write storage would cost a whole start of the app.
 */
async function onThePortalOrigin(page: Page): Promise<void> {
  if (new URL(page.url(), 'about:blank').origin !== new URL(E2E.baseUrl).origin) await page.goto('/healthz');
}

/**
 * Signs a player in through POST /login and stores the session the way the login page does (token, user,
 * role in local storage); returns the bearer token for direct API calls. The test then opens its page.
 */
export async function signInPlayer(page: Page, email: string, password: string): Promise<string> {
  const response = await page.request.post('/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { token, user } = (await response.json()) as { token: string; user: { role?: string } };
  await onThePortalOrigin(page);
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('role', user.role ?? 'member');
    },
    { token, user },
  );
  return token;
}

/**
 * Signs a player in through the login page's form and waits for the profile. It types once the app has taken
 * the form over (its button enabled): with a stored session or preference, the app renders the page anew rather
 * than hydrate the server's form, and a fill is two steps (focus, then type) that can straddle that replacement,
 * the text then going to no field. What is typed before the app is ready has journeys of its own.
 */
export async function signInThroughPage(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await expect(form.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
}

/**
 * A new Tales Runner player, registered and verified through the real email link, then signed in; returns the
 * bearer token. Journeys whose limits are per player (orders, holding limits) each need their own.
 */
export async function newVerifiedPlayer(page: Page, tag: string, password: string): Promise<string> {
  return (await newVerifiedPlayerAccount(page, tag, password)).token;
}

/**
 * newVerifiedPlayer, also telling the player's email and name (unique to this run): for journeys that then
 * find the player's own rows in staff lists, which every journey's players and orders share (decision 0056).
 */
export async function newVerifiedPlayerAccount(
  page: Page,
  tag: string,
  password: string,
): Promise<{ email: string; name: string; token: string }> {
  const suffix = randomUUID().slice(0, 8);
  const email = `${tag}-${suffix}@example.test`;
  const name = `${tag[0]!.toUpperCase()}${tag.slice(1)} Player ${suffix}`;
  const register = await page.request.post('/register', {
    data: {
      name,
      email,
      password,
      password_confirmation: password,
      selectedGame: 'talesrunner',
    },
  });
  expect(register.status()).toBe(201);
  const mail = await waitForMail(email, (m) => m.subject === 'Verify your email address');
  const verify = await page.request.post(new URL(linkFrom(mail, '/verifyemail/')).pathname);
  expect(verify.status()).toBe(200);
  return { email, name, token: await signInPlayer(page, email, password) };
}

/** The demo back-office admin (seeded by DEMO_SEED). */
export const DEMO_ADMIN = { email: 'admin@demo.local', password: 'AdminDemo!2026' };

/**
 * Signs the demo admin (or another staff member without two-step) in through POST /api/admin/login and
 * stores the session the way the admin login page does, without its banner delay; for tests whose subject
 * is a back-office page rather than the sign-in. The test then opens its page.
 */
export async function signInAdmin(
  page: Page,
  account: { email: string; password: string } = DEMO_ADMIN,
): Promise<void> {
  const response = await page.request.post('/api/admin/login', { data: account });
  expect(response.status()).toBe(200);
  const { token, admin } = (await response.json()) as { token: string; admin: unknown };
  await onThePortalOrigin(page);
  await page.evaluate(
    ({ token, admin }) => {
      localStorage.setItem('admin_token', token);
      localStorage.setItem('admin', JSON.stringify(admin));
      localStorage.setItem('adminAuthenticated', 'true');
    },
    { token, admin },
  );
}

/**
 * A staff colleague of the journey's own: the demo owner invites them with `role`, they accept by the emailed
 * link (no two-step); their email and password, for signInAdmin.
 */
export async function newStaffColleague(
  page: Page,
  role: 'support' | 'finance' | 'analyst',
  tag: string,
): Promise<{ email: string; password: string }> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@staff.test`;
  const password = `${tag[0]!.toUpperCase()}${tag.slice(1)}-Colleague-2026`;
  const owner = await page.request.post('/api/admin/login', { data: DEMO_ADMIN });
  const { token } = (await owner.json()) as { token: string };
  const invited = await page.request.post('/api/admin/staff', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, name: `${tag} colleague`, role },
  });
  expect(invited.status()).toBe(200);
  const mail = await waitForMail(email, (m) => m.subject === 'Your Games Portal staff invitation');
  const link = new URL(linkFrom(mail, '/mlg/admin/accept/'));
  const accepted = await page.request.post('/api/admin/staff/accept', {
    data: { token: link.pathname.split('/').at(-1), password },
  });
  expect(accepted.status()).toBe(200);
  return { email, password };
}
