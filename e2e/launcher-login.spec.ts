import { expect, test } from '@playwright/test';
import { exchangeLauncherCode, launcherCode } from './support/social-launcher';

const PASSWORD = 'PlayerDemo!2026';

test('launcher login by password ends at the launcher URL with a code the game server exchanges once', async ({
  page,
  request,
}) => {
  await page.goto('/loginapicheck');
  await expect(page).toHaveURL(/\/loginapi$/);
  await page.getByLabel('Email').fill('ben@demo.local');
  await page.getByLabel(/^Password\s*\*?$/).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is not correct.');

  await page.getByLabel(/^Password\s*\*?$/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await launcherCode(page);

  const first = await exchangeLauncherCode(request, code);
  expect(first.status()).toBe(200);
  expect((await first.json()).data).toMatchObject({
    email: 'ben@demo.local',
    game: 'caliber',
    method: 'password',
  });
  expect((await exchangeLauncherCode(request, code)).status()).toBe(400);
});

test('launcher login by PIN, with the developer flag refused for a non-developer', async ({
  page,
  request,
}) => {
  // Carla plays Tales Runner and Yggdra; she registers for Caliber with a PIN first.
  const login = await request.post('/login', { data: { email: 'carla@demo.local', password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = await login.json();
  const registered = await request.post('/profile/register-game', {
    headers: { authorization: `Bearer ${token}` },
    data: { game: 'caliber', nickname: 'CarlaLauncher', pin: '2468', password: PASSWORD },
  });
  expect([200, 422]).toContain(registered.status());

  // The PIN unlocks a launcher that signed in with the password, not the account (decision 0039): this new
  // browser is told to sign in with email and password once.
  await page.goto('/loginapicheck?user=carla%40demo.local');
  await expect(page).toHaveURL(/\/loginapipin\?user=carla%40demo\.local$/);
  const pin = page.getByLabel('PIN (4 digits)');
  await pin.fill('2468');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'PIN sign-in is not set up on this device. Sign in with your email and password once, then your PIN works here for 30 days.',
  );
  await page.getByRole('link', { name: 'Sign in with email and password instead' }).click();
  await expect(page).toHaveURL(/\/loginapi$/);
  await page.getByLabel('Email').fill('carla@demo.local');
  await page.getByLabel(/^Password\s*\*?$/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  expect((await exchangeLauncherCode(request, await launcherCode(page))).status()).toBe(200);

  await page.goto('/loginapicheck?user=carla%40demo.local&developer=true');
  await expect(page).toHaveURL(/\/loginapipin\?user=carla%40demo\.local&developer=true$/);
  await expect(page.getByText('Signing in as')).toContainText('carla@demo.local');
  await pin.fill('2468');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('not a verified developer account');

  await page.goto('/loginapi?pin&user=carla%40demo.local');
  await pin.fill('1111');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('4 attempts left');
  await pin.fill('2468');
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = await launcherCode(page);

  const identity = await exchangeLauncherCode(request, code);
  expect((await identity.json()).data).toMatchObject({
    email: 'carla@demo.local',
    nickname: 'CarlaLauncher',
    method: 'pin',
  });
  expect((await exchangeLauncherCode(request, code)).status()).toBe(400);
});
