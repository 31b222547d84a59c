import { expect, type Page, test } from '@playwright/test';
import { OIDC_MESSAGES } from '../packages/contract/src/oidc';
import { expectAccessible } from './support/axe';
import { newVerifiedPlayer } from './support/session';
import { authenticator } from './support/totp';

const PASSWORD = 'Oidc-device-2026';
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

test.use({ viewport: { width: 390, height: 844 } });

/** A new verified player with two-step verification on (through the API); signed out in the browser. */
async function playerWithTwoStep(page: Page) {
  const token = await newVerifiedPlayer(page, 'oidcdevice', PASSWORD);
  const auth = { Authorization: `Bearer ${token}` };
  const profile = await page.request.get('/api/profile', { headers: auth });
  const { email } = ((await profile.json()) as { user: { email: string } }).user;
  const setup = await page.request.post('/api/mfa/totp/setup', { headers: auth });
  expect(setup.status()).toBe(200);
  const nextCode = authenticator(((await setup.json()) as { secret: string }).secret);
  const enable = await page.request.post('/api/mfa/totp/enable', {
    headers: auth,
    data: { code: await nextCode(page) },
  });
  expect(enable.status()).toBe(200);
  await page.evaluate(() => localStorage.clear());
  return { email, nextCode };
}

test('on a phone, a player with two-step verification types the TV code, signs in and approves the app', async ({
  page,
}) => {
  const { email, nextCode } = await playerWithTwoStep(page);
  // The console asks for a code (RFC 8628), as demo-launcher would.
  const auth = await page.request.post('/oidc/device/auth', {
    form: { client_id: 'demo-launcher', scope: 'openid profile offline_access', prompt: 'consent' },
  });
  expect(auth.status()).toBe(200);
  const device = (await auth.json()) as { device_code: string; user_code: string; verification_uri: string };
  expect(new URL(device.verification_uri).pathname).toBe('/activate');
  const pending = await page.request.post('/oidc/token', {
    form: { client_id: 'demo-launcher', grant_type: DEVICE_GRANT, device_code: device.device_code },
  });
  expect(((await pending.json()) as { error: string }).error).toBe('authorization_pending');

  await page.goto('/activate');
  await expect(page.getByRole('heading', { level: 1, name: 'Activate a device' })).toBeVisible();
  await expectAccessible(page, '/activate (phone)');
  const field = page.getByRole('textbox', { name: 'Code' });
  // Typed in lower case without the dash: the page writes it as the TV shows it.
  await field.pressSequentially(device.user_code.replace('-', '').toLowerCase());
  await expect(field).toHaveValue(device.user_code);
  await page.getByRole('button', { name: 'Sign in to continue' }).click();

  await expect(page).toHaveURL(/\/login\?next=/);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Authentication code').fill(await nextCode(page));
  await page.getByRole('button', { name: 'Verify' }).click();

  // Back on /activate with the code: the app and what it asks, in plain words.
  await expect(page).toHaveURL(/\/activate\?user_code=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Demo Launcher' })).toBeVisible();
  await expect(page.getByText('Stay signed in until you remove it')).toBeVisible();
  await expectAccessible(page, '/activate with a request (phone)');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(OIDC_MESSAGES.deviceApproved)).toBeVisible();

  // The console's next poll gets its tokens; the same code again is refused with the portal's message.
  await page.waitForTimeout(5_100);
  const tokens = await page.request.post('/oidc/token', {
    form: { client_id: 'demo-launcher', grant_type: DEVICE_GRANT, device_code: device.device_code },
  });
  expect(tokens.status()).toBe(200);
  expect(await tokens.json()).toEqual(expect.objectContaining({ access_token: expect.any(String) }));

  await page.goto(`/activate?user_code=${device.user_code}`);
  await expect(page.getByText(OIDC_MESSAGES.codeUsed)).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill('BBBB-CCCC');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(OIDC_MESSAGES.codeUnknown)).toBeVisible();
});
