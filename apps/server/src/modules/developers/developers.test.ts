import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { auditLog, emailOutbox } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function linkTokenFor(email: string) {
  const mails = await t.app.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  const mail = mails.at(-1)!;
  expect(mail.subject).toBe('Verify your Caliber developer account');
  expect(mail.text).toContain('http://portal.test/developer-verifyemail/');
  return /\/developer-verifyemail\/([\w-]+)/.exec(mail.text)![1]!;
}

describe('developer accounts', () => {
  it('an admin marks a player; the emailed link verifies once', async () => {
    const admin = await createAdmin(t.app.ctx);
    const p = await createPlayer(t.app.ctx);
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/developers',
      headers: admin.auth,
      payload: { email: p.user.email.toUpperCase() },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ developer: { userId: p.user.id, verifiedAt: null } });
    const token = await linkTokenFor(p.user.email);
    const ok = await t.app.inject({ method: 'GET', url: `/api/developer-verifyemail/${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      message: 'Your developer account is verified. You can now sign in to developer builds of Caliber.',
    });
    const again = await t.app.inject({ method: 'GET', url: `/api/developer-verifyemail/${token}` });
    expect(again.json().success).toBe(false);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/developers', headers: admin.auth });
    expect(
      list.json().developers.find((d: { userId: string }) => d.userId === p.user.id).verifiedAt,
    ).not.toBeNull();
    const remark = await t.app.inject({
      method: 'POST',
      url: '/api/admin/developers',
      headers: admin.auth,
      payload: { email: p.user.email },
    });
    expect(remark.json().message).toMatch(/already a verified developer/);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/developers/${p.user.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
  });

  it('marking again replaces the link; the old link stops working', async () => {
    const admin = await createAdmin(t.app.ctx);
    const p = await createPlayer(t.app.ctx);
    const mark = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/developers',
        headers: admin.auth,
        payload: { email: p.user.email },
      });
    await mark();
    const first = await linkTokenFor(p.user.email);
    await mark();
    const second = await linkTokenFor(p.user.email);
    expect(second).not.toBe(first);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/developer-verifyemail/${first}` })).json().success,
    ).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/developer-verifyemail/${second}` })).json().success,
    ).toBe(true);
  });

  it('only admins mark; unknown emails are 404', async () => {
    const admin = await createAdmin(t.app.ctx);
    const p = await createPlayer(t.app.ctx);
    const asPlayer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/developers',
      headers: p.auth,
      payload: { email: p.user.email },
    });
    expect(asPlayer.statusCode).toBe(403);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/developers',
      payload: { email: p.user.email },
    });
    expect(none.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/developers',
      headers: admin.auth,
      payload: { email: 'nobody@example.test' },
    });
    expect(unknown.statusCode).toBe(404);
    const badId = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/developers/nope',
      headers: admin.auth,
    });
    expect(badId.statusCode).toBe(422);
  });

  it('lists developers with their link state and audits every mark and unmark', async () => {
    const admin = await createAdmin(t.app.ctx);
    const p = await createPlayer(t.app.ctx);
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/developers', headers: admin.auth })).json()
        .developers as { userId: string; email: string; name: string; linkExpiresAt: string | null }[];

    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/developers',
      headers: admin.auth,
      payload: { email: `  ${p.user.email}  ` },
    });
    expect(marked.json().message).toBe(`A verification email was sent to ${p.user.email}.`);
    const row = (await list()).find((d) => d.userId === p.user.id)!;
    expect(row).toMatchObject({ email: p.user.email, name: p.user.name, verifiedAt: null });
    expect(Date.parse(row.linkExpiresAt!) - t.clock.now().getTime()).toBe(24 * 60 * 60 * 1000);

    await t.app.inject({
      method: 'GET',
      url: `/api/developer-verifyemail/${await linkTokenFor(p.user.email)}`,
    });
    expect((await list()).find((d) => d.userId === p.user.id)!.linkExpiresAt).toBeNull();

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/developers/${p.user.id}`,
      headers: admin.auth,
    });
    expect(removed.json()).toEqual({ message: 'The developer mark was removed.' });
    expect((await list()).some((d) => d.userId === p.user.id)).toBe(false);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/developers/${p.user.id}`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This account is not a developer.');

    const audits = await t.app.ctx.db.select().from(auditLog);
    const mine = audits.filter((a) => (a.details as { userId?: string }).userId === p.user.id);
    expect(mine.map((a) => [a.action, a.actorKind, a.actorId])).toEqual([
      ['developers.mark', 'admin', admin.admin.id],
      ['developers.unmark', 'admin', admin.admin.id],
    ]);
  });

  it('refuses bad input and non-admins on every developer endpoint, changing nothing', async () => {
    const admin = await createAdmin(t.app.ctx);
    const p = await createPlayer(t.app.ctx);
    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/developers',
        headers: admin.auth,
        payload: payload as object,
      });
    for (const payload of [{}, { email: 42 }, { email: '' }, { email: `${'a'.repeat(250)}@x.io` }]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toBeDefined();
    }
    expect((await post({ email: p.user.email, extra: 'ignored' })).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/developers' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/developers', headers: p.auth })).statusCode,
    ).toBe(403);
    const asPlayer = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/developers/${p.user.id}`,
      headers: p.auth,
    });
    expect(asPlayer.statusCode).toBe(403);
    const stillThere = await t.app.inject({
      method: 'GET',
      url: '/api/admin/developers',
      headers: admin.auth,
    });
    expect(stillThere.json().developers.some((d: { userId: string }) => d.userId === p.user.id)).toBe(true);
  });
});
