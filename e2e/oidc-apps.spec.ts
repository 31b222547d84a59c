import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { OIDC_MESSAGES } from '../packages/contract/src/oidc';
import { expectAccessible } from './support/axe';
import { DEMO_ADMIN, newVerifiedPlayer, signInAdmin } from './support/session';

const PASSWORD = 'Oidc-apps-2026';
const REDIRECT = 'http://127.0.0.1/callback';

/** Registers a third-party public app through the staff API (the demo admin is an owner). */
async function registerApp(page: Page, name: string) {
  const login = await page.request.post('/api/admin/login', { data: DEMO_ADMIN });
  const { token } = (await login.json()) as { token: string };
  const created = await page.request.post('/api/admin/oidc/clients', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      type: 'public',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { client_id: string }).client_id;
}

test('a player allows an app through code + PKCE, removes it on the Security page, and its refresh token stops working', async ({
  page,
}) => {
  const name = `Partner ${randomUUID().slice(0, 6)}`;
  const clientId = await registerApp(page, name);
  await newVerifiedPlayer(page, 'oidcapps', PASSWORD);

  // The app sends the browser to the authorization endpoint (RFC 7636 S256).
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(8).toString('hex');
  const authorize = new URL('/oidc/auth', page.url());
  for (const [key, value] of Object.entries({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid email offline_access',
    prompt: 'consent',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(key, value);
  // The loopback listener of a desktop app: the browser's request to it is answered here, and read from the
  // request itself (the headless browser sends a redirect's target past a route's handler).
  const callbackRequest = page.waitForRequest((request) => request.url().startsWith(`${REDIRECT}?`));
  await page.route(`${REDIRECT}**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/plain',
      body: 'Signed in. You can close this tab.',
    }),
  );
  await page.goto(authorize.toString());

  // Signed in already: the portal session finishes the sign-in step, and a third-party app asks consent.
  await expect(page).toHaveURL(/\/authorize\//, { timeout: 15_000 });
  // The sign-in step shows the same request while it goes on to consent: the Approve button is consent's own.
  const approve = page.getByRole('button', { name: 'Approve' });
  await expect(approve).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Third-party app')).toBeVisible();
  await expect(page.getByText('Your email address')).toBeVisible();
  await expectAccessible(page, '/authorize/{uid} (consent)');
  await approve.click();
  const callback = new URL((await callbackRequest).url());
  expect(callback.searchParams.get('state')).toBe(state);
  const code = callback.searchParams.get('code')!;

  const exchange = await page.request.post('/oidc/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    },
  });
  expect(exchange.status()).toBe(200);
  const { refresh_token } = (await exchange.json()) as { refresh_token: string };
  expect(refresh_token).toBeTruthy();

  await page.unroute(`${REDIRECT}**`);
  await page.goto('/security');
  const section = page.getByRole('region', { name: 'Apps with access' });
  await expect(section.getByText(name)).toBeVisible();
  await expect(section.getByText('Your email address', { exact: false })).toBeVisible();
  await expectAccessible(page, '/security (apps with access)');
  await section.getByRole('button', { name: `Remove ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByText(OIDC_MESSAGES.grantRevoked)).toBeVisible();
  await expect(section.getByText('No apps can sign you in.')).toBeVisible();

  const refresh = await page.request.post('/oidc/token', {
    form: { grant_type: 'refresh_token', client_id: clientId, refresh_token },
  });
  expect(refresh.status()).toBe(400);
  expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
});

test('an owner registers a confidential app on the Apps page and sees its secret once', async ({ page }) => {
  const name = `Partner Site ${randomUUID().slice(0, 6)}`;
  await signInAdmin(page);
  await page.goto('/mlg/admin/apps');
  await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Demo Launcher' })).toBeVisible();

  await page.getByRole('button', { name: 'Register an app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register an app' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel(/Confidential/).check();
  await dialog.getByLabel('Redirect URIs', { exact: true }).fill('http://partner.example/cb');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText(OIDC_MESSAGES.redirectInvalid)).toBeVisible();
  await expectAccessible(page, '/mlg/admin/apps (register, with an error)');
  await dialog.getByLabel('Redirect URIs', { exact: true }).fill('https://partner.example/cb');
  await dialog.getByRole('button', { name: 'Register' }).click();

  const secret = page.getByRole('dialog', { name: `${name}: client secret` });
  await expect(secret.getByTestId('shown-once-value')).not.toBeEmpty();
  await expectAccessible(page, '/mlg/admin/apps (secret shown once)');
  await secret.getByRole('button', { name: 'Done' }).click();
  const item = page.getByRole('listitem', { name });
  await expect(item.getByText('Confidential')).toBeVisible();

  await item.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(item.getByText('Disabled')).toBeVisible();
  await item.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name })).toHaveCount(0);
});
