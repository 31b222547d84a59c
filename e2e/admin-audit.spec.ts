import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { DEMO_ADMIN, signInAdmin } from './support/session';

test('staff open the audit trail from the navigation, see who signed in, and filter it', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/mlg/admin/allUsers');
  await page.getByRole('link', { name: 'Audit Trail' }).first().click();
  await expect(page).toHaveURL(/\/mlg\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();

  // The sign-in above is in the trail, with the staff member and the address it came from.
  const signIn = page
    .getByRole('row')
    .filter({ hasText: 'Signed in to the back office' })
    .filter({ hasText: DEMO_ADMIN.email });
  await expect(signIn.first()).toBeVisible();
  await expectAccessible(page, 'audit trail');

  await page.getByLabel('Action').click();
  await page.getByRole('option', { name: 'Signed in to the back office', exact: true }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Signed out of the back office' })).toHaveCount(0);
  await expect(signIn.first()).toBeVisible();

  await page.getByLabel('From', { exact: true }).fill('2099-01-01');
  await page.getByLabel('To', { exact: true }).fill('2099-01-02');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No entries match this filter.')).toBeVisible();

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(signIn.first()).toBeVisible();

  // Owners take the trail away as a spreadsheet.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  expect((await download).suggestedFilename()).toBe('Audit_Trail.xlsx');
});

test('the trail names a staff invitation it was done to, and its details read as labelled fields', async ({
  page,
}) => {
  const email = `audit-${randomUUID().slice(0, 8)}@staff.test`;
  await signInAdmin(page);
  await page.goto('/mlg/admin/staff');
  const form = page.getByRole('form', { name: 'Invite a staff member' });
  await form.getByLabel('Name').fill('Audra Audit');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').click();
  await page.getByRole('option', { name: 'support' }).click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toContainText(`An invitation is on its way to ${email}.`);

  await page.goto('/mlg/admin/audit');
  const invited = page
    .getByRole('row')
    .filter({ hasText: 'Staff member invited' })
    .filter({ hasText: `Staff invitation to ${email}` });
  await expect(invited).toHaveCount(1);
  await invited.getByRole('button', { name: 'Show details' }).click();
  const details = page.locator('dl').filter({ hasText: email });
  // In the order of their labels.
  await expect(details.locator('dt')).toHaveText(['Email', 'Role']);
  await expect(details.locator('dd')).toHaveText([email, 'support']);
  // No raw JSON and no internal ids.
  await expect(details).not.toContainText('{');
  await expect(details).not.toContainText('invitationId');
  await expectAccessible(page, 'audit trail (details)');
});
