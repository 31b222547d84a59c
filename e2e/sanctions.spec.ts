import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { sendWithEnter } from './support/forms';
import { DEMO_ADMIN, newStaffColleague, newVerifiedPlayerAccount, signInAdmin } from './support/session';

// Issue #37, the whole loop: a game reports a player from the SDK's example, support sanctions from the queue,
// the game hears of it, the player (on a phone) is refused, reads the standing page and appeals, support
// lifts on appeal, the game hears that too, and the player is back in.

const PASSWORD = 'Fair-Play-2026';
const PHONE = { width: 390, height: 844 };
const run = promisify(execFile);

/** A new Caliber server key, made by the demo owner through the API (shown once, as the Games page does). */
async function caliberServerKey(page: Page): Promise<string> {
  const owner = await page.request.post('/api/admin/login', { data: DEMO_ADMIN });
  const { token } = (await owner.json()) as { token: string };
  const created = await page.request.post('/api/admin/games/caliber/keys', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Sanctions journey ${Date.now()}` },
  });
  expect(created.status()).toBe(200);
  return ((await created.json()) as { key: string }).key;
}

/** The development game inbox (standing in for Caliber's server) shows `outcome`. */
async function expectCaliberInbox(page: Page, outcome: string) {
  await expect(async () => {
    await page.goto('/dev/game-inbox?game=caliber');
    await expect(page.getByRole('row').filter({ hasText: outcome })).toHaveCount(1, { timeout: 2_000 });
  }, `Caliber inbox: ${outcome}`).toPass({ timeout: 30_000 });
}

/** The player joins Caliber with `nickname`, as from the profile (a game's players are reported there). */
async function joinCaliber(page: Page, token: string, nickname: string) {
  const joined = await page.request.post('/profile/register-game', {
    headers: { authorization: `Bearer ${token}` },
    data: { game: 'caliber', nickname, pin: '2468', password: PASSWORD },
  });
  expect(joined.status(), await joined.text()).toBe(200);
}

/** Signs in through the login page's form, as a player types it. */
async function typeSignIn(page: Page, email: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await sendWithEnter(form.getByLabel('Password', { exact: true }));
}

test('a game reports a cheater, support bans them from the queue, the player appeals from a phone and is let back in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const player = await newVerifiedPlayerAccount(page, 'cheater', PASSWORD);
  const profile = await page.request.get('/api/profile', {
    headers: { authorization: `Bearer ${player.token}` },
  });
  const uuid = ((await profile.json()) as { user: { uuid: string } }).user.uuid;
  // A game reports its own players only: the player joins Caliber first, as from the profile.
  const nickname = `Cheater${uuid.slice(0, 8)}`;
  await joinCaliber(page, player.token, nickname);

  // Caliber's server reports the player through the JavaScript SDK's example, as its in-game menu would.
  const { stdout } = await run('node', ['sdks/javascript/example.mjs'], {
    env: {
      ...process.env,
      PORTAL_URL: baseURL!,
      GAME_SERVER_KEY: await caliberServerKey(page),
      REPORT_PLAYER: uuid,
    },
  });
  expect(stdout).toContain(`reported player ${uuid} for cheating`);

  // A player who met them in a match reports them too, from the standing page's form: it offers only the
  // games this player has (Tales Runner from registration, then Caliber).
  const witness = await (await browser.newContext()).newPage();
  const witnessAccount = await newVerifiedPlayerAccount(witness, 'witness', PASSWORD);
  await joinCaliber(witness, witnessAccount.token, `Witness${witnessAccount.name.slice(-8)}`);
  await witness.goto('/standing');
  const report = witness.getByRole('form', { name: 'Report a player' });
  const game = report.getByRole('combobox', { name: /Game/ });
  await expect(game.getByRole('option')).toHaveText(['Choose the game', 'Caliber', 'Tales Runner']);
  await game.selectOption('caliber');
  await report.getByRole('textbox', { name: /Their nickname/ }).fill(nickname);
  await report.getByRole('combobox', { name: /What did they do/ }).selectOption('cheating');
  await report.getByRole('textbox', { name: /What happened/ }).fill('Every shot a headshot, through walls.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('status')).toContainText('Thank you');
  await witness.context().close();

  // Support finds the player at the top of the queue's search and sanctions them from the reports.
  const support = await (await browser.newContext()).newPage();
  await signInAdmin(support, await newStaffColleague(support, 'support', 'safety'));
  await support.goto('/mlg/admin/reports?game=caliber');
  await support.getByRole('button', { name: `Review the reports about ${player.name}` }).click();
  const panel = support.getByRole('region', { name: `Reports about ${player.name}` });
  const openReports = panel.getByRole('table', { name: 'Open reports' });
  await expect(openReports).toContainText('Reported from the in-game menu.');
  await expect(openReports).toContainText('Every shot a headshot, through walls.');
  await expectAccessible(support, 'the report queue with a player under review');
  await panel.getByRole('button', { name: 'Sanction' }).click();
  const dialog = support.getByRole('dialog', { name: `Sanction ${player.name}` });
  await expect(dialog.getByRole('combobox', { name: /Reason/ })).toHaveValue('cheating');
  await dialog.getByRole('combobox', { name: 'Applies to' }).selectOption('account');
  await dialog
    .getByRole('textbox', { name: /Note for the player/ })
    .fill('Aim assistance was detected in ranked matches.');
  await dialog.getByRole('textbox', { name: /Staff note/ }).fill('Reported by Caliber anti-cheat.');
  await dialog.getByRole('button', { name: '7 days' }).click();
  await expectAccessible(support, 'the place-sanction dialog');
  await dialog.getByRole('button', { name: 'Place sanction' }).click();
  await expect(dialog).toBeHidden();
  await expect(support.getByRole('button', { name: `Review the reports about ${player.name}` })).toHaveCount(
    0,
  );

  // The game hears of it (an account ban concerns every game).
  const inbox = await (await browser.newContext()).newPage();
  await expectCaliberInbox(inbox, `Kept player ${uuid} out of matches until`);

  // On a phone, the player is refused with the reason and the end, and reads the standing page.
  const phone = await (
    await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  ).newPage();
  await typeSignIn(phone, player.email);
  const refusal = phone.getByRole('alert').filter({ hasText: 'Your account is banned until' });
  await expect(refusal).toContainText('(Cheating)');
  await refusal.getByRole('link', { name: 'See your account standing' }).click();
  await expect(phone).toHaveURL(/\/standing$/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Account standing' })).toBeVisible();
  const sanction = phone
    .getByRole('article')
    .filter({ hasText: 'Aim assistance was detected in ranked matches.' });
  await expect(sanction).toContainText('Cheating');
  await expect(sanction).not.toContainText('Reported by Caliber anti-cheat.');
  await expectAccessible(phone, '/standing of a banned player, on a phone');
  await sanction.getByRole('button', { name: 'Appeal' }).click();
  const appeal = sanction.getByRole('form', { name: 'Appeal' });
  await appeal
    .getByRole('textbox', { name: /Why should this sanction be lifted/ })
    .fill('I play with a controller adapter, not a cheat.');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(sanction.getByRole('region', { name: 'Your appeal' })).toContainText(
    'I play with a controller adapter, not a cheat.',
  );

  // Support answers the appeal (oldest first) by lifting the sanction.
  await support.goto('/mlg/admin/appeals');
  const answer = support.getByRole('form', { name: `Answer ${player.name}` });
  await answer
    .getByRole('textbox', { name: /Answer to the player/ })
    .fill('The adapter was confirmed: the ban is lifted.');
  await expectAccessible(support, 'the appeals queue');
  await answer.getByRole('button', { name: 'Lift the sanction' }).click();
  await expect(answer).toHaveCount(0);

  // The game lets the player back in; the player signs in again and the standing page says it was lifted.
  await expectCaliberInbox(inbox, `Let player ${uuid} back in: the account sanction was lifted.`);
  await typeSignIn(phone, player.email);
  await expect(phone).toHaveURL(/\/profile$/, { timeout: 15_000 });
  await phone.goto('/standing');
  await expect(phone.getByRole('article').filter({ hasText: 'Aim assistance' })).toContainText('Lifted');
  await expect(phone.getByText('The adapter was confirmed: the ban is lifted.')).toBeVisible();
});
