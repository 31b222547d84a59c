import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAdmin } from './support/session';

/** A player of `game` registered through the portal, as support would later look for them. */
async function register(page: Page, game: 'talesrunner' | 'caliber', name: string) {
  const tag = randomUUID().slice(0, 8);
  const email = `search-${tag}@example.test`;
  const nickname = `finder${tag}`;
  const reply = await page.request.post('/register', {
    data: {
      name,
      email,
      password: 'Search-Pass-42',
      password_confirmation: 'Search-Pass-42',
      selectedGame: game,
      ...(game === 'caliber' && { nickname }),
    },
  });
  expect(reply.status()).toBe(201);
  return { email, nickname };
}

const box = (page: Page) => page.getByRole('combobox', { name: 'Find a player' });

test('at 1366 px support presses "/" and finds a Tales Runner player by email', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const { email } = await register(page, 'talesrunner', 'Tara Runner');
  await signInAdmin(page);
  await page.goto('/mlg/admin/sales');
  await expect(box(page)).toBeVisible();
  await page.locator('body').press('/');
  await expect(box(page)).toBeFocused();
  await page.keyboard.type(email.toUpperCase());
  const result = page.getByRole('option').filter({ hasText: 'Tara Runner' });
  await expect(result).toContainText(email);
  await expect(result).toContainText('Tales Runner');
  await expectAccessible(page, 'player search results');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/mlg\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tara Runner' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Games' })).toContainText('Tales Runner');
});

test('at 390 px support finds a Caliber player by part of the nickname and opens them with a tap', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email, nickname } = await register(page, 'caliber', 'Cal Finder');
  await signInAdmin(page);
  await page.goto('/mlg/admin/allUsers');
  await box(page).fill(nickname.slice(2).toUpperCase());
  const result = page.getByRole('option').filter({ hasText: 'Cal Finder' });
  await expect(result).toContainText(email);
  // The box and its results fit the phone: nothing runs off the right edge.
  const bounds = await page.getByRole('listbox').boundingBox();
  expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(390);
  await result.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cal Finder' })).toBeVisible();
  // The player detail on a phone: each row a card with its values under their names, nothing cut or
  // scrolled sideways.
  const games = page.getByRole('region', { name: 'Games' });
  await expect(games.locator('dt')).toContainText(['Game', 'Nickname', 'Registered']);
  await expect(games.locator('dd').first()).toHaveText('Caliber');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await box(page).fill('no-player-is-called-this');
  await expect(page.getByText('No player found.')).toBeVisible();
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px All Users lists Tales Runner players in their own table, found by its search`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // A name of this test's own: the unfiltered first page may hold the players other runs of it made.
    const name = `Tia Tables ${randomUUID().slice(0, 8)}`;
    const { email } = await register(page, 'talesrunner', name);
    await signInAdmin(page);
    await page.goto('/mlg/admin/allUsers');
    const table = page.getByTestId('table-tales-runner-users');
    await expect(table.getByRole('heading', { name: 'Tales Runner Users' })).toBeVisible();
    await table.getByLabel('Search', { exact: true }).fill(email);
    await expect(table.getByRole('link', { name })).toBeVisible();
    // Only there: the Caliber and Yggdra tables list their own games' players.
    await expect(page.getByTestId('table-caliber-users').getByRole('link', { name })).toHaveCount(0);
  });
}
