import { STAFF_MESSAGES, type StaffList } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin } from '../../../test/fixtures';
import { admins, auditLog, emailOutbox } from '../../db/schema/index';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createAdmin(t.app.ctx, { name: 'Olive Owner' });
});
afterAll(() => t.close());

const invite = (payload: unknown, auth = owner.auth) =>
  t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: auth, payload: payload as object });
const patch = (id: string, payload: unknown, auth = owner.auth) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/staff/${id}`, headers: auth, payload: payload as object });
const accept = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/staff/accept', payload: payload as object });
const list = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: owner.auth })).json() as StaffList;

async function invitationToken(email: string) {
  const [mail] = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  expect(mail?.subject).toBe('Your Games Portal staff invitation');
  return /\/mlg\/admin\/accept\/([\w-]+)/.exec(mail!.text)![1]!;
}

describe('staff invitations', () => {
  it('an owner invites a finance colleague, who sets a password once and signs in with the role', async () => {
    const invited = await invite({ email: 'fin@staff.test', name: 'Fin Ance', role: 'finance' });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toEqual({ message: STAFF_MESSAGES.invited('fin@staff.test') });
    expect((await list()).invitations).toEqual([
      expect.objectContaining({ email: 'fin@staff.test', role: 'finance' }),
    ]);

    const token = await invitationToken('fin@staff.test');
    const accepted = await accept({ token, password: 'Finance-Desk-2026' });
    expect(accepted.statusCode).toBe(200);
    expect((await accept({ token, password: 'Finance-Desk-2026' })).statusCode).toBe(410);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'fin@staff.test', password: 'Finance-Desk-2026' },
    });
    expect(login.statusCode).toBe(200);
    const staff = await list();
    expect(staff.invitations).toEqual([]);
    expect(staff.staff).toContainEqual(
      expect.objectContaining({ email: 'fin@staff.test', role: 'finance', active: true }),
    );
  });

  it('refuses an expired link, a made-up one and a weak password', async () => {
    await invite({ email: 'late@staff.test', name: 'Late', role: 'analyst' });
    const token = await invitationToken('late@staff.test');
    expect((await accept({ token, password: 'short' })).statusCode).toBe(422);
    t.clock.advance(49 * 3_600_000);
    const expired = await accept({ token, password: 'Analyst-Desk-2026' });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: STAFF_MESSAGES.invitationInvalid, code: 'INVITATION_INVALID' });
    expect((await accept({ token: 'made-up', password: 'Analyst-Desk-2026' })).statusCode).toBe(410);
    expect((await accept({})).statusCode).toBe(422);
    // Two days on, the owner's own session has run out too: the next tests act as a freshly signed-in owner.
    owner = await createAdmin(t.app.ctx, { name: 'Olive Owner' });
  });

  it('refuses inviting an existing staff member or a bad role, and non-owners', async () => {
    const taken = await invite({ email: owner.admin.email.toUpperCase(), name: 'Again', role: 'support' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([STAFF_MESSAGES.alreadyStaff]);
    expect((await invite({ email: 'x@staff.test', name: 'X', role: 'boss' })).statusCode).toBe(422);
    expect((await invite({ email: 'not-an-email', name: 'X', role: 'support' })).statusCode).toBe(422);
    const support = await createAdmin(t.app.ctx, { role: 'support' });
    expect((await invite({ email: 'y@staff.test', name: 'Y', role: 'owner' }, support.auth)).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/staff', payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describe('open invitations: cancelled, or dying with their inviter (issue #24)', () => {
  const cancel = (id: string, auth: Record<string, string> | undefined = owner.auth) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/staff/invitations/${id}`, headers: auth });
  const invitationOf = async (email: string) => (await list()).invitations.find((i) => i.email === email);

  it('an owner cancels an open invitation: it leaves the list, its link answers 410, and it is audited', async () => {
    await invite({ email: 'gone@staff.test', name: 'Gone', role: 'support' });
    const token = await invitationToken('gone@staff.test');
    const open = await invitationOf('gone@staff.test');
    expect(open).toBeDefined();

    const cancelled = await cancel(open!.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ message: STAFF_MESSAGES.invitationCancelled });
    expect(await invitationOf('gone@staff.test')).toBeUndefined();
    const accepted = await accept({ token, password: 'Support-Desk-2026' });
    expect(accepted.statusCode).toBe(410);
    expect(accepted.json()).toEqual({
      message: STAFF_MESSAGES.invitationInvalid,
      code: 'INVITATION_INVALID',
    });

    const again = await cancel(open!.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: STAFF_MESSAGES.invitationNotFound, code: 'NOT_FOUND' });
    const [entry] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.invitation_cancel'));
    expect(entry).toMatchObject({
      actorId: owner.admin.id,
      details: { invitationId: open!.id, email: 'gone@staff.test', role: 'support' },
    });
  });

  it('refuses other roles (403), no session (401), a bad id (422) and an unknown one (404)', async () => {
    await invite({ email: 'kept@staff.test', name: 'Kept', role: 'analyst' });
    const open = await invitationOf('kept@staff.test');
    for (const role of ['support', 'finance', 'analyst'] as const) {
      const staff = await createAdmin(t.app.ctx, { role });
      const refused = await cancel(open!.id, staff.auth);
      expect(refused.statusCode).toBe(403);
    }
    expect((await cancel(open!.id, {})).statusCode).toBe(401);
    const bad = await cancel('not-an-id');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(STAFF_MESSAGES.invitationNotFound);
    expect((await cancel('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await invitationOf('kept@staff.test')).toBeDefined();
  });

  it("an owner's open invitations die when they are demoted below owner or deactivated", async () => {
    for (const change of [{ role: 'support' }, { active: false }] as const) {
      const inviter = await createAdmin(t.app.ctx, { role: 'owner' });
      const email = `by-${inviter.admin.id.slice(0, 8)}@staff.test`;
      expect((await invite({ email, name: 'Invitee', role: 'finance' }, inviter.auth)).statusCode).toBe(200);
      const token = await invitationToken(email);
      expect(await invitationOf(email)).toBeDefined();

      expect((await patch(inviter.admin.id, change)).statusCode).toBe(200);
      expect(await invitationOf(email)).toBeUndefined();
      expect((await accept({ token, password: 'Finance-Desk-2026' })).statusCode).toBe(410);
      const [entry] = await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'staff.change'), eq(auditLog.target, `admin:${inviter.admin.id}`)));
      expect(entry?.details).toMatchObject({ invitationsVoided: [email] });
    }
  });

  it('keeps the invitations of an owner whose change leaves them an active owner', async () => {
    const inviter = await createAdmin(t.app.ctx, { role: 'owner' });
    const email = `still-${inviter.admin.id.slice(0, 8)}@staff.test`;
    await invite({ email, name: 'Invitee', role: 'analyst' }, inviter.auth);
    expect((await patch(inviter.admin.id, { role: 'owner', active: true })).statusCode).toBe(200);
    expect(await invitationOf(email)).toBeDefined();
    expect(
      (await accept({ token: await invitationToken(email), password: 'Analyst-Desk-2026' })).statusCode,
    ).toBe(200);
  });

  it('refuses (410) an invitation whose inviter is no longer an active owner, however that came about', async () => {
    const inviter = await createAdmin(t.app.ctx, { role: 'owner' });
    const email = `legacy-${inviter.admin.id.slice(0, 8)}@staff.test`;
    await invite({ email, name: 'Invitee', role: 'analyst' }, inviter.auth);
    // Changed behind the service's back (as before the rule existed): the link still dies.
    await t.app.ctx.db.update(admins).set({ role: 'analyst' }).where(eq(admins.id, inviter.admin.id));
    const accepted = await accept({ token: await invitationToken(email), password: 'Analyst-Desk-2026' });
    expect(accepted.statusCode).toBe(410);
    const [created] = await t.app.ctx.db.select().from(admins).where(eq(admins.email, email));
    expect(created).toBeUndefined();
  });
});

describe('changing staff', () => {
  it('changes a role and deactivates (their sessions end), reactivates, and audits each change', async () => {
    const member = await createAdmin(t.app.ctx, { role: 'support' });
    expect((await patch(member.admin.id, { role: 'analyst' })).statusCode).toBe(200);
    const off = await patch(member.admin.id, { active: false });
    expect(off.json()).toEqual({ message: STAFF_MESSAGES.updated });
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/access', headers: member.auth });
    expect(me.statusCode).toBe(401);
    expect((await patch(member.admin.id, { active: true })).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(admins).where(eq(admins.id, member.admin.id));
    expect(row).toMatchObject({ role: 'analyst', status: 'active' });
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?target=admin:${member.admin.id}`,
      headers: owner.auth,
    });
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'staff.change',
      'staff.change',
      'staff.change',
    ]);
  });

  it('keeps one active owner', async () => {
    const owners = (await list()).staff.filter((s) => s.role === 'owner' && s.active);
    for (const other of owners.filter((s) => s.id !== owner.admin.id))
      await patch(other.id, { role: 'analyst' });
    const demote = await patch(owner.admin.id, { role: 'support' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: STAFF_MESSAGES.lastOwner, code: 'LAST_OWNER' });
    expect((await patch(owner.admin.id, { active: false })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown id and 422 for a bad id or an empty change', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', { role: 'support' })).statusCode).toBe(404);
    expect((await patch('nope', { role: 'support' })).statusCode).toBe(422);
    expect((await patch(owner.admin.id, {})).statusCode).toBe(422);
  });
});
