import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { linkFrom, waitForMail } from './support/mail';
import { newVerifiedPlayer, signInAdmin } from './support/session';
import { buyWithTheSuccessCard } from './support/shop';

test('an owner invites a finance colleague, who sets a password, sees only what finance opens and refunds an order', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `fin-${randomUUID().slice(0, 8)}@staff.test`;
  await signInAdmin(page);
  await page.goto('/mlg/admin/dashboard');
  await page.goto('/mlg/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expectAccessible(page, 'staff');

  const form = page.getByRole('form', { name: 'Invite a staff member' });
  await form.getByLabel('Name').fill('Fina Finance');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').click();
  await page.getByRole('option', { name: 'finance' }).click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toContainText(`An invitation is on its way to ${email}.`);
  await expect(page.getByText(`Fina Finance (${email}), finance`)).toBeVisible();

  // A second invitation, sent by mistake, is cancelled after a confirmation: its link then answers 410.
  const mistaken = `oops-${randomUUID().slice(0, 8)}@staff.test`;
  await form.getByLabel('Name').fill('Wrong Person');
  await form.getByLabel('Email').fill(mistaken);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status')).toContainText(`An invitation is on its way to ${mistaken}.`);
  const invitations = page.getByRole('list', { name: 'Open invitations' });
  await invitations.getByRole('button', { name: `Cancel the invitation to ${mistaken}` }).click();
  const confirmCancel = page.getByRole('dialog', { name: `Cancel the invitation to ${mistaken}?` });
  await expectAccessible(page, 'staff (cancel an invitation)');
  await confirmCancel.getByRole('button', { name: 'Cancel invitation' }).click();
  await expect(page.getByRole('status')).toContainText(
    `${mistaken}: The invitation was cancelled; its link no longer works.`,
  );
  await expect(invitations).not.toContainText(mistaken);
  await expect(invitations).toContainText(email);
  const cancelledMail = await waitForMail(
    mistaken,
    (m) => m.subject === 'Your Games Portal staff invitation',
  );
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(linkFrom(cancelledMail, '/mlg/admin/accept/'));
  await stranger.locator('input[name="password"]').fill('Wrong-Person-2026');
  await stranger.locator('input[name="password_confirmation"]').fill('Wrong-Person-2026');
  await stranger.getByRole('button', { name: 'Set password' }).click();
  await expect(stranger.getByRole('alert')).toContainText(
    'This invitation link is not valid or has run out.',
  );
  await stranger.context().close();

  // The colleague, in a browser of their own, follows the emailed link and chooses a password.
  const mail = await waitForMail(email, (m) => m.subject === 'Your Games Portal staff invitation');
  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto(linkFrom(mail, '/mlg/admin/accept/'));
  await colleague.locator('input[name="password"]').fill('Finance-Desk-2026');
  await colleague.locator('input[name="password_confirmation"]').fill('Finance-Desk-2026');
  await colleague.getByRole('button', { name: 'Set password' }).click();
  await expect(colleague.getByRole('status')).toContainText('Your staff account is ready.');
  await expect(colleague).toHaveURL(/\/mlg\/admin\/login$/, { timeout: 10_000 });

  await colleague.getByLabel('Email').fill(email);
  await colleague.getByLabel('Password', { exact: true }).fill('Finance-Desk-2026');
  await colleague.getByRole('button', { name: 'Continue' }).click();
  await expect(colleague).toHaveURL(/\/mlg\/admin\/dashboard$/, { timeout: 15_000 });
  await colleague.goto('/mlg/admin/allUsers');
  const nav = colleague.getByRole('navigation').first();
  await expect(colleague.getByRole('link', { name: 'All Users' }).first()).toBeVisible();
  await expect(colleague.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await expect(colleague.getByRole('link', { name: 'Send Test Email' })).toHaveCount(0);
  await expect(nav).toBeVisible();
  // The server refuses what the role does not open, whatever the address bar says.
  const token = await colleague.evaluate(() => localStorage.getItem('admin_token'));
  const refused = await colleague.request.get('/api/admin/staff', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(403);

  // A player's order to refund: a new Tales Runner player buys with the sandbox card.
  const buyer = await (await browser.newContext()).newPage();
  await newVerifiedPlayer(buyer, 'refundme', 'Refund-Me-2026');
  const txnid = await buyWithTheSuccessCard(buyer);

  // Finance refunds it from the sales dashboard, with a reason; the owner sees who did it in the trail.
  await colleague.getByRole('link', { name: 'Sales Orders' }).first().click();
  await expect(colleague).toHaveURL(/\/mlg\/admin\/sales$/);
  const row = colleague.getByTestId(`order-${txnid}`);
  await row.getByRole('button', { name: `Refund order ${txnid}` }).click();
  const dialog = colleague.getByRole('dialog', { name: 'Refund this order?' });
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Duplicate purchase, player asked by ticket');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(colleague.getByText(`Order ${txnid} was refunded.`)).toBeVisible();
  await expect(row).toContainText('REFUNDED');

  await page.goto('/mlg/admin/audit');
  // This order's refund (the refund journey's owner refunds other orders meanwhile).
  const refund = page.getByRole('row').filter({ hasText: 'Order refunded' }).filter({ hasText: txnid });
  await expect(refund).toContainText(email);
  await expect(refund).toContainText(`Order ${txnid}`);

  // Back with the owner: the colleague is on the list with their role.
  await page.goto('/mlg/admin/staff');
  await expect(page.getByRole('combobox', { name: `Role of ${email}` })).toHaveText('finance');
});
