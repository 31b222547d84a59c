import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAdmin } from './support/session';

// A laptop: the delivery log is a table.
test.use({ viewport: { width: 1366, height: 768 } });

// Caliber has no shop, so pointing its webhook elsewhere for a while changes no other journey's deliveries.
test('an owner sets a webhook, makes and revokes a server key, pings the game and retries a failed delivery', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  await page.goto('/mlg/admin/allUsers');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Games', exact: true })
    .click();
  await expect(page).toHaveURL(/\/mlg\/admin\/games$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Games' })).toBeVisible();
  const caliber = page.getByTestId('game-caliber');
  const outcome = page.getByTestId('games-outcome');
  const webhook = caliber.getByRole('form', { name: 'Webhook of Caliber' });
  const url = webhook.getByRole('textbox', { name: /Webhook URL/ });

  // A receiver that refuses Caliber's signature (it checks Talesrunner's secret): the ping fails with its 401.
  await url.fill(`${baseURL}/dev/game-inbox/talesrunner`);
  await webhook.getByRole('button', { name: 'Save webhook' }).click();
  await expect(outcome).toHaveText('Caliber: the webhook is saved.');
  await caliber.getByRole('button', { name: 'Send test ping' }).click();
  await expect(outcome).toContainText('Caliber: test ping not delivered (HTTP 401');

  // A new signing secret, shown once with Copy.
  await caliber.getByRole('button', { name: 'Rotate secret' }).click();
  await page
    .getByRole('dialog', { name: 'Make a new signing secret for Caliber?' })
    .getByRole('button', { name: 'Rotate secret' })
    .click();
  const secret = page.getByRole('dialog', { name: 'New signing secret for Caliber' });
  await expect(secret.getByText(/shown only once/)).toBeVisible();
  await expect(secret.getByTestId('shown-once-value')).toHaveText(/\S{20,}/);
  await expect(secret.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expectAccessible(page, 'games: a secret shown once');
  await secret.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toBeHidden();

  // A server key, shown once: the game-server API takes it, until it is revoked.
  const name = `E2E servers ${randomUUID().slice(0, 6)}`;
  const keys = caliber.getByRole('form', { name: 'New server key for Caliber' });
  await keys.getByRole('textbox', { name: /Key name/ }).fill(name);
  await keys.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'New server key for Caliber' });
  const key = (await shown.getByTestId('shown-once-value').textContent())!.trim();
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const asGame = { headers: { authorization: `Bearer ${key}` } };
  expect((await page.request.get('/api/game/entitlements', asGame)).status()).toBe(200);

  await caliber.getByRole('button', { name: `Revoke the key ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke the key "${name}"?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(outcome).toHaveText(`Caliber: the key "${name}" is revoked.`);
  await expect(caliber.getByRole('button', { name: `Revoke the key ${name}` })).toHaveCount(0);
  expect((await page.request.get('/api/game/entitlements', asGame)).status()).toBe(401);

  // The delivery log has the failed ping (a ping is tried once): a retry fails the same way until Caliber's
  // webhook points at Caliber's own receiver.
  await page.getByRole('combobox', { name: 'Game' }).click();
  await page.getByRole('option', { name: 'Caliber' }).click();
  const ping = page.locator('[data-testid^="delivery-"]').filter({ hasText: 'Test ping' }).first();
  await expect(ping).toContainText('HTTP 401');
  await expect(ping).toContainText('Failed');
  await expect(page.getByRole('table', { name: 'Deliveries' })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'games with the delivery log');
  await ping.getByRole('button', { name: /^Retry delivery/ }).click();
  await expect(outcome).toContainText('not delivered (HTTP 401');
  await url.fill(`${baseURL}/dev/game-inbox/caliber`);
  await webhook.getByRole('button', { name: 'Save webhook' }).click();
  await expect(outcome).toHaveText('Caliber: the webhook is saved.');
  await ping.getByRole('button', { name: /^Retry delivery/ }).click();
  await expect(outcome).toContainText(': delivered (HTTP 200).');
  await expect(ping).toContainText('Delivered');
  await expect(ping.getByRole('button', { name: /^Retry delivery/ })).toHaveCount(0);
});

test.describe('at phone width, in dark mode', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('the Games page: cards, no sideways scrolling', async ({ page }) => {
    await signInAdmin(page);
    // A delivery of its own for the log: a test ping to Yggdra's receiver (the demo's development inbox).
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    const ping = await page.request.post('/api/admin/games/yggdra/webhook/test', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ping.status()).toBe(200);
    await page.goto('/mlg/admin/games');
    await expect(page.getByTestId('game-yggdra')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Deliveries' })).toContainText('Yggdra · Test ping');
    await expect(page.getByRole('table', { name: 'Deliveries' })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'games at phone width');
  });
});
