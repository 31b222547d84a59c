import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { linkFrom, waitForMail } from './support/mail';
import { signInAdmin, signInPlayer } from './support/session';

test('a support agent answers a ticket from the player detail page', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The player who wrote in: a Caliber account, signed in on a device of their own.
  const email = `ticket-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'Ticket-Pass-42';
  const registered = await page.request.post('/register', {
    data: {
      name: 'Tia Ticket',
      email,
      password,
      password_confirmation: password,
      nickname: `tia${randomUUID().slice(0, 8)}`,
      selectedGame: 'caliber',
    },
  });
  expect(registered.status()).toBe(201);
  const verifyMail = await waitForMail(email, (m) => m.subject === 'Verify your email address');
  expect((await page.request.post(new URL(linkFrom(verifyMail, '/verifyemail/')).pathname)).status()).toBe(
    200,
  );
  const device = await (await browser.newContext()).newPage();
  const playerToken = await signInPlayer(device, email, password);

  // Support finds them in the users table and opens their page from the row.
  await signInAdmin(page);
  await page.goto('/mlg/admin/caliberUsers');
  await page.getByLabel('Search', { exact: true }).fill(email);
  // The row of this player (the search is debounced: until it answers, the table lists everyone).
  await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'Tia Ticket' }).click();
  await expect(page).toHaveURL(/\/mlg\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tia Ticket' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Games' })).toContainText('Caliber');
  await expect(page.getByRole('region', { name: 'Active sessions' })).not.toContainText(
    'Not signed in anywhere.',
  );
  // The sign-in history reads as the player's Security page does: labels, not the events' raw kinds.
  const history = page.getByRole('region', { name: 'Sign-in history' });
  await expect(history).toContainText('Signed in');
  await expect(history).not.toContainText('sign_in');
  await expectAccessible(page, 'player detail');

  // "I forgot my password": a reset link, after a confirmation, answered with a toast and kept in the trail.
  await page.getByRole('button', { name: 'Send password reset' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send password reset' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A password-reset email is on its way' }),
  ).toBeVisible();
  await waitForMail(email, (m) => /reset/i.test(m.subject));
  await expect(page.getByRole('region', { name: 'Staff actions' })).toContainText(
    'Password reset email sent',
  );
  await expect(page.getByRole('region', { name: 'Staff actions' })).toContainText('Demo Admin');

  // "I left my account signed in at a café": every session ends.
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'session was signed out' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Active sessions' })).toContainText(
    'Not signed in anywhere.',
  );
  const after = await device.request.get('/api/user-info', {
    headers: { authorization: `Bearer ${playerToken}` },
  });
  expect(after.status()).toBe(401);
});
