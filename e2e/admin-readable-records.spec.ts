import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { newVerifiedPlayerAccount, signInAdmin } from './support/session';
import { buyWithTheSuccessCard } from './support/shop';

// Issue #27, staff: the audit trail reads as words and names; sales orders are found by txnid or email.

/** No cell of the table wraps its text one character a line: every cell with text is wider than 3 characters. */
async function expectNoNarrowCells(page: Page, table: string) {
  const narrow = await page.locator(`${table} td`).evaluateAll((cells) =>
    cells
      .filter((c) => (c.textContent ?? '').trim().length > 3)
      .filter((c) => c.getBoundingClientRect().width < 48)
      .map((c) => c.textContent),
  );
  expect(narrow).toEqual([]);
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the audit trail names the staff member and the player, in words`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const name = `Rita Record ${randomUUID().slice(0, 6)}`;
    const email = `record-${randomUUID().slice(0, 8)}@example.test`;
    const registered = await page.request.post('/register', {
      data: {
        name,
        email,
        password: 'Record-Pass-42',
        password_confirmation: 'Record-Pass-42',
        selectedGame: 'talesrunner',
      },
    });
    expect(registered.status()).toBe(201);

    await signInAdmin(page);
    await page.goto('/mlg/admin/allUsers');
    await page.getByRole('combobox', { name: 'Find a player' }).fill(email);
    await page.getByRole('option').filter({ hasText: name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Send password reset' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send password reset' }).click();
    const staffActions = page.getByRole('region', { name: 'Staff actions' });
    await expect(staffActions).toContainText('Password reset email sent');
    await expect(staffActions).toContainText('Demo Admin');
    await expect(staffActions).not.toContainText('users.');

    await page.goto('/mlg/admin/audit');
    // Newest first: the reset, then the openings of the player's page (which carry no details).
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name }) })
      .filter({ hasText: 'Password reset email sent' });
    await expect(row.first()).toContainText('Demo Admin');
    await expect(page.getByRole('row').filter({ hasText: 'Player details opened' }).first()).toBeVisible();
    await expect(page.getByRole('table')).not.toContainText('users.password_reset');
    await expectNoNarrowCells(page, 'table');
    await expectAccessible(page, `audit trail at ${viewport.width} px`);

    // The player's name opens the player's page.
    await row.first().getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
}

test('sales orders: found by txnid at 1366 px and by the player email at 390 px; the name opens the player', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A new player of this journey buys, so the search by email finds this journey's order (decision 0056).
  const buyer = await (await browser.newContext()).newPage();
  const purchaser = await newVerifiedPlayerAccount(buyer, 'records', 'Records-Buyer-2026');
  const txnid = await buyWithTheSuccessCard(buyer);

  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAdmin(page);
  await page.goto('/mlg/admin/sales');
  await page.getByLabel('Txnid or player email').fill(txnid);
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page.getByTestId(`order-${txnid}`);
  await expect(row).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row.getByRole('link', { name: purchaser.name })).toBeVisible();
  await expectAccessible(page, 'sales orders searched');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('Txnid or player email').fill(purchaser.email.toUpperCase());
  await page.getByRole('button', { name: 'Filter' }).click();
  const links = page.getByRole('link', { name: purchaser.name });
  await expect(links.first()).toBeVisible();
  await page.getByLabel('Txnid or player email').fill('nobody-bought@example.test');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No orders found.')).toBeVisible();
  await page.getByLabel('Txnid or player email').fill(txnid);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('link', { name: purchaser.name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: purchaser.name })).toBeVisible();
});
