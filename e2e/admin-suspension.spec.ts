import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { sendWithEnter } from './support/forms';
import { linkFrom, waitForMail } from './support/mail';

test('an admin suspends a player from the users table: their session ends and sign-in is refused until reactivated', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `suspend-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Suspend-Me-42';
  const registered = await request.post('/register', {
    data: {
      name: 'Sam Suspended',
      email,
      password,
      password_confirmation: password,
      nickname: `sus${randomUUID().slice(0, 8)}`,
      selectedGame: 'caliber',
    },
  });
  expect(registered.status()).toBe(201);

  // The player, signed in in a browser of their own.
  const player = await (await browser.newContext()).newPage();
  await player.goto(linkFrom(await waitForMail(email, (m) => /verify/i.test(m.subject)), '/verifyemail/'));
  await expect(player).toHaveURL(/\/login\/caliber/, { timeout: 10_000 });
  const signIn = async () => {
    await player.locator('input[name="email"]').fill(email);
    await player.locator('input[name="password"]').fill(password);
    await sendWithEnter(player.locator('input[name="password"]'));
  };
  await signIn();
  await expect(player).toHaveURL(/\/profile$/, { timeout: 10_000 });

  await page.goto('/mlg/admin/login');
  await page.getByLabel('Email').fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill('AdminDemo!2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/mlg\/admin\/dashboard$/, { timeout: 15_000 });
  await page.goto('/mlg/admin/caliberUsers');
  const table = page.getByTestId('table-caliber-users');
  await table.getByLabel('Search', { exact: true }).fill(email);
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Suspend ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend this player?' });
  await expect(dialog).toContainText(`Sam Suspended (${email})`);
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();

  // The player's session is gone: the profile sends them out, and signing in again is refused.
  await player.reload();
  await expect(player).toHaveURL(/\/login/, { timeout: 10_000 });
  await player.goto('/login/caliber');
  await signIn();
  await expect(player.getByText('Your account is suspended.')).toBeVisible();

  await row.getByRole('button', { name: `Reactivate ${email}` }).click();
  await page
    .getByRole('dialog', { name: 'Reactivate this player?' })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await player.goto('/login/caliber');
  await signIn();
  await expect(player).toHaveURL(/\/profile$/, { timeout: 10_000 });
  await player.context().close();
});
