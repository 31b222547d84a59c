import { expect, type Page, test } from '@playwright/test';
import { linkFrom, waitForMail } from './support/mail';
import { exchangeLauncherCode, launcherCode } from './support/social-launcher';

const ADMIN = { email: 'admin@demo.local', password: 'AdminDemo!2026' };
const PLAYER = { email: 'ben@demo.local', password: 'PlayerDemo!2026', name: 'Ben Cruz' };

/** The launcher's password sign-in with the developer flag, as the developer build opens it. */
async function developerLauncherSignIn(page: Page) {
  await page.goto('/loginapicheck?developer=true');
  await expect(page).toHaveURL(/\/loginapi\?developer=true$/);
  await page.getByLabel('Email').fill(PLAYER.email);
  await page.getByLabel(/^Password\s*\*?$/).fill(PLAYER.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an admin marks a player as a Caliber developer; the emailed link opens developer builds; removing the mark closes them', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000); // two browsers, an emailed link, a launcher sign-in and the mark removed
  await page.goto('/mlg/admin/login');
  const form = page.getByRole('form', { name: 'Admin login' });
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/mlg\/admin\/dashboard$/, { timeout: 15_000 });

  // The dashboards hide the side navigation (spec); any other back-office page shows it.
  await page.goto('/mlg/admin/allUsers');
  await page.getByRole('link', { name: 'Caliber Developers' }).click();
  await expect(page).toHaveURL(/\/mlg\/admin\/developers$/);
  const table = page.getByRole('table', { name: 'Developer accounts' });
  // The demo data's developer.
  await expect(table.getByRole('row').filter({ hasText: 'Dan Lim' })).toContainText('Verified');

  const mark = page.getByRole('form', { name: 'Mark a developer' });
  await mark.getByRole('button', { name: 'Mark as developer' }).click();
  await expect(mark.getByText('Enter the player email.')).toBeVisible();
  await mark.getByRole('textbox', { name: /Player email/ }).fill('nobody@demo.local');
  await mark.getByRole('button', { name: 'Mark as developer' }).click();
  await expect(page.getByRole('alert')).toHaveText('No player account has this email address.');

  await mark.getByRole('textbox', { name: /Player email/ }).fill(PLAYER.email);
  await mark.getByRole('button', { name: 'Mark as developer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'verification email' })).toHaveText(
    `A verification email was sent to ${PLAYER.email}.`,
  );
  const row = table.getByRole('row').filter({ hasText: PLAYER.name });
  await expect(row).toContainText('Link sent, valid until');

  // The player, in a browser of their own: developer builds refuse them until the link is opened.
  const player = await (await browser.newContext()).newPage();
  await developerLauncherSignIn(player);
  await expect(player.getByRole('alert')).toContainText('not a verified developer account');

  const mail = await waitForMail(PLAYER.email, (m) => m.subject === 'Verify your Caliber developer account');
  await player.goto(linkFrom(mail, '/developer-verifyemail/'));
  await expect(
    player.getByText(
      'Your developer account is verified. You can now sign in to developer builds of Caliber.',
    ),
  ).toBeVisible();

  await developerLauncherSignIn(player);
  const identity = await exchangeLauncherCode(request, await launcherCode(player, true));
  expect(identity.status()).toBe(200);
  expect((await identity.json()).data).toMatchObject({ email: PLAYER.email, developer: true });

  await page.reload();
  await expect(row).toContainText('Verified');
  await expect(row.getByRole('button', { name: /new link/ })).toHaveCount(0);

  await row.getByRole('button', { name: `Remove the developer mark of ${PLAYER.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the developer mark?' });
  await expect(dialog).toContainText(PLAYER.email);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'removed' })).toHaveText(
    `${PLAYER.email}: The developer mark was removed.`,
  );
  await expect(row).toHaveCount(0);

  await developerLauncherSignIn(player);
  await expect(player.getByRole('alert')).toContainText('not a verified developer account');
  await player.context().close();
});
