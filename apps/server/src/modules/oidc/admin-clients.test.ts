import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { createAdmin, createPlayer } from '../../../test/fixtures';
import { auditLog, oidcClients } from '../../db/schema/index';
import { hashToken } from '../../lib/tokens';

// The staff's registry of apps: owners only (apps.manage), every change audited.

let t: TestApp;
let owner: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createAdmin(t.app.ctx, { role: 'owner' });
});
afterAll(() => t.close());

const DEVICE = 'urn:ietf:params:oauth:grant-type:device_code';
const URL_BASE = '/api/admin/oidc/clients';

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  auth = owner.auth,
) =>
  t.app.inject({
    method,
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const launcher = {
  name: 'Caliber Launcher',
  type: 'public',
  redirect_uris: ['http://127.0.0.1/callback', 'com.example.caliber:/oauth'],
  grant_types: ['authorization_code', 'refresh_token', DEVICE],
  first_party: true,
  game: 'caliber',
};

describe('staff apps', () => {
  it('registers a public app (no secret) and a confidential one (secret shown once, hash kept)', async () => {
    const created = await call('POST', URL_BASE, launcher);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ client_id: expect.stringMatching(/^app_/) });
    const { client_id } = created.json();
    const read = await call('GET', `${URL_BASE}/${client_id}`);
    expect(read.json()).toMatchObject({
      client_id,
      name: 'Caliber Launcher',
      type: 'public',
      redirect_uris: launcher.redirect_uris,
      post_logout_redirect_uris: [],
      grant_types: launcher.grant_types,
      first_party: true,
      game: 'caliber',
      disabled: false,
    });

    const partner = await call('POST', URL_BASE, {
      name: 'Partner',
      type: 'confidential',
      redirect_uris: ['https://partner.example/cb'],
      grant_types: ['authorization_code'],
    });
    expect(partner.statusCode).toBe(201);
    const { client_id: partnerId, client_secret } = partner.json();
    expect(client_secret).toHaveLength(43);
    const [row] = await t.app.ctx.db.select().from(oidcClients).where(eq(oidcClients.id, partnerId));
    expect(row!.secretHash).toBe(hashToken(client_secret));

    const list = await call('GET', URL_BASE);
    expect(list.json().clients.map((c: { client_id: string }) => c.client_id)).toEqual(
      expect.arrayContaining([client_id, partnerId]),
    );
    const audited = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'oidc.client_create'), eq(auditLog.target, `app:${partnerId}`)));
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited[0]!.details)).not.toContain(client_secret);
  });

  it('rotates a confidential secret; a public app has none', async () => {
    const { client_id, client_secret } = (
      await call('POST', URL_BASE, {
        name: 'Server',
        type: 'confidential',
        grant_types: [DEVICE],
      })
    ).json();
    const rotated = await call('POST', `${URL_BASE}/${client_id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().client_secret).not.toBe(client_secret);
    const pub = (await call('POST', URL_BASE, launcher)).json();
    const refused = await call('POST', `${URL_BASE}/${pub.client_id}/rotate-secret`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only confidential apps have a secret.');
    expect((await call('POST', `${URL_BASE}/app_nope/rotate-secret`)).statusCode).toBe(404);
  });

  it('changes, disables, re-enables and deletes an app', async () => {
    const { client_id } = (await call('POST', URL_BASE, launcher)).json();
    const renamed = await call('PATCH', `${URL_BASE}/${client_id}`, {
      name: 'Launcher 2',
      first_party: false,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Launcher 2',
      first_party: false,
      redirect_uris: launcher.redirect_uris,
    });
    expect((await call('PATCH', `${URL_BASE}/${client_id}`, { disabled: true })).json().disabled).toBe(true);
    expect((await call('PATCH', `${URL_BASE}/${client_id}`, { disabled: false })).json().disabled).toBe(
      false,
    );
    const deleted = await call('DELETE', `${URL_BASE}/${client_id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `${URL_BASE}/${client_id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${URL_BASE}/${client_id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `${URL_BASE}/${client_id}`, { name: 'x' })).statusCode).toBe(404);
  });

  it.each([
    ['no name', { ...launcher, name: ' ' }, 'name', 'Give the app a name.'],
    ['an unknown type', { ...launcher, type: 'secret' }, 'type', 'The type must be public or confidential.'],
    ['no grant type', { ...launcher, grant_types: [] }, 'grant_types', 'Choose at least one grant type.'],
    [
      'an unknown grant type',
      { ...launcher, grant_types: ['implicit'] },
      'grant_types.0',
      'Unknown grant type.',
    ],
    ['refresh alone', { ...launcher, grant_types: ['refresh_token'] }, 'grant_types', undefined],
    ['code without redirects', { ...launcher, redirect_uris: [] }, 'redirect_uris', undefined],
    [
      'an http redirect',
      { ...launcher, redirect_uris: ['http://game.example/cb'] },
      'redirect_uris',
      undefined,
    ],
    [
      'a redirect with a fragment',
      { ...launcher, redirect_uris: ['https://a.example/cb#x'] },
      'redirect_uris',
      undefined,
    ],
    ['a bare scheme', { ...launcher, redirect_uris: ['javascript:alert(1)'] }, 'redirect_uris', undefined],
    ['an unknown game', { ...launcher, game: 'tetris' }, 'game', 'Unknown game.'],
  ])('refuses %s (422, nothing stored)', async (_case, body, field, message) => {
    const before = (await call('GET', URL_BASE)).json().clients.length;
    const reply = await call('POST', URL_BASE, body);
    expect(reply.statusCode).toBe(422);
    expect(Object.keys(reply.json().errors)).toContain(field);
    if (message) expect(reply.json().errors[field]).toContain(message);
    expect((await call('GET', URL_BASE)).json().clients.length).toBe(before);
  });

  it('refuses an empty change', async () => {
    const { client_id } = (await call('POST', URL_BASE, launcher)).json();
    expect((await call('PATCH', `${URL_BASE}/${client_id}`, {})).statusCode).toBe(422);
  });

  it('is for owners only', async () => {
    const support = await createAdmin(t.app.ctx, { role: 'support' });
    const player = await createPlayer(t.app.ctx);
    expect((await call('GET', URL_BASE, undefined, support.auth)).statusCode).toBe(403);
    expect((await call('POST', URL_BASE, launcher, support.auth)).statusCode).toBe(403);
    expect((await call('GET', URL_BASE, undefined, player.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL_BASE })).statusCode).toBe(401);
  });
});
