import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { signInAdmin } from './support/session';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/**
 * The Caliber Users table of the page, searched down to the demo players (other journeys register Caliber
 * players of their own, who fill the first page; decision 0056), once their rows are in.
 */
async function caliberUsers(page: Page): Promise<Locator> {
  const table = page.getByTestId('table-caliber-users');
  // The search is debounced: the unfiltered page (which may show Ana too) is redrawn when its answer comes.
  const searched = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/users/paginate/caliber' &&
      new URL(response.url()).searchParams.get('search') === '@demo.local',
  );
  await table.getByLabel('Search', { exact: true }).fill('@demo.local');
  await searched;
  await expect(table.getByRole('cell', { name: 'Ana Santos' })).toBeVisible();
  return table;
}

const header = (table: Locator, name: string) => table.getByRole('columnheader', { name, exact: true });

/** Whether the element is the one painted at its own centre (nothing scrolled over or under it shows). */
const paintedOnTop = (cell: Locator) =>
  cell.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });

/** How much of the shadow along the sticky column's edge shows (it cues columns slid beneath it). */
const leftCueOpacity = (cell: Locator) =>
  cell.evaluate((element) => getComputedStyle(element, '::after').opacity);

/** Scrolls the table sideways to its end, keeps Name in view on top of the rest, and drops the right cue. */
async function expectStickyNameAfterScrolling(table: Locator) {
  const scroller = table.getByTestId('table-scroller');
  const cue = table.getByTestId('scroll-cue-right');
  const name = header(table, 'Name');
  await expect(cue).toBeVisible();
  await expect.poll(() => leftCueOpacity(name)).toBe('0');

  // The keyboard reaches the hidden columns: the labelled scroller takes focus and scrolls with the arrows.
  const region = table.getByRole('region', { name: 'Caliber Users, scrolls sideways' });
  await region.focus();
  await expect(region).toBeFocused();
  await region.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);

  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(cue).toBeHidden();
  await expect(header(table, 'Last Login')).toBeInViewport();
  for (const stuck of [name, table.getByRole('cell', { name: 'Ana Santos' })]) {
    await expect(stuck).toBeInViewport();
    expect(await paintedOnTop(stuck)).toBe(true);
    await expect.poll(() => leftCueOpacity(stuck)).toBe('1');
  }
  const [nameBox, scrollerBox] = [await name.boundingBox(), await scroller.boundingBox()];
  expect(Math.abs((nameBox?.x ?? -1) - (scrollerBox?.x ?? 0))).toBeLessThan(1);

  await scroller.evaluate((element) => element.scrollTo({ left: 0 }));
  await expect(cue).toBeVisible();
  await expect.poll(() => leftCueOpacity(name)).toBe('0');
}

for (const [label, viewport] of [
  ['1366×768', LAPTOP],
  ['a phone', PHONE],
] as const) {
  test(`on ${label} the users table keeps Name in view while it scrolls sideways, with a cue while columns are hidden`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInAdmin(page);
    await page.goto('/mlg/admin/caliberUsers');
    const table = await caliberUsers(page);
    // No name breaks over lines: the rows keep one line's height.
    const rowHeights = await table
      .getByRole('row')
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(Math.max(...rowHeights.slice(1))).toBeLessThan(2 * Math.min(...rowHeights.slice(1)));
    await expectStickyNameAfterScrolling(table);
  });
}

test('the Columns menu hides and shows a column, the choice survives a reload and is kept per admin and per table', async ({
  page,
}) => {
  // Six openings of the table, each searched down to the demo players.
  test.setTimeout(120_000);
  await page.setViewportSize(LAPTOP);
  await signInAdmin(page);
  await page.goto('/mlg/admin/caliberUsers');
  let table = await caliberUsers(page);
  await expect(header(table, 'Email')).toBeVisible();
  await expect(table.getByRole('cell', { name: 'ana@demo.local', exact: true })).toBeVisible();

  // From the keyboard: Enter opens the menu on its first item, the arrows move, Space toggles, Escape closes.
  const columnsButton = table.getByRole('button', { name: 'Columns' });
  await columnsButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Caliber Users columns' });
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Email' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(columnsButton).toBeFocused();
  await expect(header(table, 'Email')).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'ana@demo.local', exact: true })).toHaveCount(0);

  await page.reload();
  table = await caliberUsers(page);
  await expect(header(table, 'Email')).toHaveCount(0);
  await expect(header(table, 'Registered At')).toHaveCount(1);

  // The same table on All Users keeps the choice; the Yggdra table there is another table.
  await page.goto('/mlg/admin/allUsers');
  table = await caliberUsers(page);
  await expect(header(table, 'Email')).toHaveCount(0);
  await expect(header(page.getByTestId('table-yggdra-users'), 'Email')).toBeVisible();

  // Another staff member on this browser (the demo has one admin: the stored admin stands for a second one).
  const admin = await page.evaluate(() => localStorage.getItem('admin') ?? '{}');
  await page.evaluate(
    (stored) => localStorage.setItem('admin', JSON.stringify({ ...JSON.parse(stored), id: 'another-admin' })),
    admin,
  );
  await page.goto('/mlg/admin/caliberUsers');
  table = await caliberUsers(page);
  await expect(header(table, 'Email')).toBeVisible();

  await page.evaluate((stored) => localStorage.setItem('admin', stored), admin);
  await page.reload();
  table = await caliberUsers(page);
  await expect(header(table, 'Email')).toHaveCount(0);
  await table.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Reset columns' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Email' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(header(table, 'Email')).toBeVisible();
  await page.reload();
  await expect(header(await caliberUsers(page), 'Email')).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the users tables are accessible in ${colorScheme} mode, scrolled and with the Columns menu open`, async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signInAdmin(page);
    await page.evaluate((dark) => localStorage.setItem('darkMode', String(dark)), colorScheme === 'dark');
    await page.goto('/mlg/admin/allUsers');
    const table = await caliberUsers(page);
    await expect(page.getByTestId('table-yggdra-users').getByRole('row').nth(1)).toBeVisible();
    await table.getByTestId('table-scroller').evaluate((element) => element.scrollTo({ left: 200 }));
    await expectAccessible(page, `/mlg/admin/allUsers (${colorScheme}, scrolled)`);

    await table.getByRole('button', { name: 'Columns' }).click();
    await expect(page.getByRole('menu', { name: 'Caliber Users columns' })).toBeVisible();
    await expectAccessible(page, `/mlg/admin/allUsers (${colorScheme}, Columns menu)`);
  });
}
