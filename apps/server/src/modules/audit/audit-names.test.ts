import { type AuditPage, auditActionLabel } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { auditTarget, writeAudit } from '../../lib/audit';

// A readable trail (issue #27): names instead of ids, for the acting staff member or player and the target.
let t: TestApp;
let staff: Awaited<ReturnType<typeof createAdmin>>;
let colleague: Awaited<ReturnType<typeof createAdmin>>;
let player: Awaited<ReturnType<typeof createPlayer>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await createAdmin(t.app.ctx, { name: 'Sol Support' });
  colleague = await createAdmin(t.app.ctx, { name: 'Fay Finance' });
  player = await createPlayer(t.app.ctx, { name: 'Pia Player' });
  const write = (action: string, target: string, actor: Parameters<typeof writeAudit>[1]['actor']) =>
    writeAudit(t.app.ctx, { actor, action, target });
  await write('users.suspend', auditTarget.user(player.user.id), { kind: 'admin', id: staff.admin.id });
  await write('staff.change', auditTarget.admin(colleague.admin.id), { kind: 'admin', id: staff.admin.id });
  await write('orders.refund', auditTarget.order('TXN-NAMES-1'), { kind: 'admin', id: staff.admin.id });
  await write('users.view', 'user:not-a-uuid', { kind: 'player', id: player.user.id });
  await write('admin.login', 'admin:00000000-0000-4000-8000-000000000000', null);
  const actor = { kind: 'admin' as const, id: staff.admin.id };
  const invitationId = '5b0c7f1e-1111-4000-8000-000000000001';
  await writeAudit(t.app.ctx, {
    actor,
    action: 'staff.invite',
    target: auditTarget.invitation(invitationId),
    details: { invitationId, email: 'new.hire@studio.test', role: 'support' },
  });
  await writeAudit(t.app.ctx, {
    actor,
    action: 'games.webhook_rotate_secret',
    target: auditTarget.webhook('talesrunner'),
    details: { game: 'talesrunner' },
  });
  await writeAudit(t.app.ctx, {
    actor,
    action: 'games.delivery_retry',
    target: auditTarget.delivery('5b0c7f1e-2222-4000-8000-000000000002'),
    details: { game: 'yggdra', deliveryId: '5b0c7f1e-2222-4000-8000-000000000002', status: 'failed' },
  });
  // Written before these kinds had targets: the details still say what it was done to.
  await writeAudit(t.app.ctx, {
    actor,
    action: 'staff.invitation_cancel',
    details: { invitationId, email: 'new.hire@studio.test', role: 'support' },
  });
  await writeAudit(t.app.ctx, {
    actor,
    action: 'games.webhook_save',
    details: { game: 'caliber', url: 'https://caliber.test/hook', active: true, secretCreated: true },
  });
});
afterAll(() => t.close());

describe('audit entries name who and whom', () => {
  it('gives the staff member, player and target names of today, and null where there is none', async () => {
    const reply = await t.app.inject({ url: '/api/admin/audit', headers: staff.auth });
    expect(reply.statusCode, reply.body).toBe(200);
    const byAction = Object.fromEntries((reply.json() as AuditPage).entries.map((e) => [e.action, e]));
    expect(byAction['users.suspend']).toMatchObject({ actor_name: 'Sol Support', target_name: 'Pia Player' });
    expect(byAction['staff.change']).toMatchObject({ actor_name: 'Sol Support', target_name: 'Fay Finance' });
    expect(byAction['orders.refund']).toMatchObject({ target: 'order:TXN-NAMES-1', target_name: null });
    expect(byAction['users.view']).toMatchObject({ actor_name: 'Pia Player', target_name: null });
    expect(byAction['admin.login']).toMatchObject({ actor_name: null, target_name: null });
  });

  it('names staff invitations, game webhooks and retried deliveries, older entries included', async () => {
    const reply = await t.app.inject({ url: '/api/admin/audit', headers: staff.auth });
    const byAction = Object.fromEntries((reply.json() as AuditPage).entries.map((e) => [e.action, e]));
    expect(byAction['staff.invite']).toMatchObject({
      target: 'invitation:5b0c7f1e-1111-4000-8000-000000000001',
      target_name: 'Staff invitation to new.hire@studio.test',
    });
    expect(byAction['games.webhook_rotate_secret']).toMatchObject({
      target: 'webhook:talesrunner',
      target_name: 'Tales Runner webhook',
    });
    expect(byAction['games.delivery_retry']).toMatchObject({
      target: 'delivery:5b0c7f1e-2222-4000-8000-000000000002',
      target_name: 'Yggdra webhook delivery',
    });
    expect(byAction['staff.invitation_cancel']).toMatchObject({
      target: 'invitation:5b0c7f1e-1111-4000-8000-000000000001',
      target_name: 'Staff invitation to new.hire@studio.test',
    });
    expect(byAction['games.webhook_save']).toMatchObject({
      target: 'webhook:caliber',
      target_name: 'Caliber webhook',
    });
    // The trail filters by these targets too.
    const invitation = await t.app.inject({
      url: '/api/admin/audit?target=invitation:5b0c7f1e-1111-4000-8000-000000000001',
      headers: staff.auth,
    });
    expect(invitation.statusCode, invitation.body).toBe(200);
    expect((invitation.json() as AuditPage).entries.map((e) => e.action)).toEqual(['staff.invite']);
  });

  it('labels every action, known or not', () => {
    expect(auditActionLabel('users.suspend')).toBe('Player suspended');
    expect(auditActionLabel('games.key_rotate')).toBe('Games: key rotate');
    expect(auditActionLabel('cleanup')).toBe('Cleanup');
  });
});
