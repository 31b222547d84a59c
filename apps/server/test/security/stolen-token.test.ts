import { STEP_UP_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admins,
  gameServerKeys,
  gameWebhooks,
  totpCredentials,
  userGames,
  users,
} from '../../src/db/schema/index';
import { BOTH_ENVIRONMENTS, buildTestApp, type TestApp } from '../app';
import { createAdmin, createPlayer, FIXTURE_PASSWORD } from '../fixtures';
import { codeNow, createStaffMember, nextStep, turnOnTotp } from '../mfa';
import { stepUp } from '../step-up';

/**
 * An attacker holding a stolen bearer token, older than its sign-in window and without a step-up (issue #34's
 * three takeovers): nothing that outlives the session can be done with it, in development and in production.
 * Each refusal is 403 STEP_UP_REQUIRED and changes nothing; the owner, proving it's them, can.
 */
type Auth = { authorization: string };
const REFUSAL = { message: STEP_UP_MESSAGES.required, code: 'STEP_UP_REQUIRED' };

describe.each(BOTH_ENVIRONMENTS)('a stolen bearer token ($name)', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env });
  });
  afterAll(() => t.close());

  /** The token gets old: the sign-in that opened it no longer counts as a proof. */
  const stolen = () => t.clock.advance(t.app.ctx.config.RECENT_SIGN_IN_SECONDS * 1000);

  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, auth: Auth, payload: object = {}) =>
    t.app.inject({ method, url, headers: auth, payload });

  function expectRefused(reply: { statusCode: number; json(): unknown }) {
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toMatchObject(REFUSAL);
  }

  const twoStepOf = async (column: 'userId' | 'adminId', id: string) =>
    t.app.ctx.db.select().from(totpCredentials).where(eq(totpCredentials[column], id));

  describe('turning two-step on', () => {
    it('is refused to a player’s stolen token: the attacker’s authenticator never replaces the owner’s', async () => {
      const player = await createPlayer(t.app.ctx);
      stolen();
      expectRefused(await send('POST', '/api/mfa/totp/setup', player.auth));
      expectRefused(await send('POST', '/api/mfa/totp/enable', player.auth, { code: '123456' }));
      expect(await twoStepOf('userId', player.user.id)).toEqual([]);

      // The owner confirms it's them, and turns it on.
      await stepUp(t, player.auth);
      const { recoveryCodes } = await turnOnTotp(t, player.auth);
      expect(recoveryCodes).toHaveLength(10);
    });

    it('is refused to a staff member’s stolen token', async () => {
      const admin = await createAdmin(t.app.ctx);
      stolen();
      expectRefused(await send('POST', '/api/admin/mfa/totp/setup', admin.auth));
      expectRefused(await send('POST', '/api/admin/mfa/totp/enable', admin.auth, { code: '123456' }));
      expect(await twoStepOf('adminId', admin.admin.id)).toEqual([]);

      // Also while ADMIN_MFA=required leaves the session only the setup: the step-up is open to it.
      await stepUp(t, admin.auth, '/api/admin');
      expect((await send('POST', '/api/admin/mfa/totp/setup', admin.auth)).statusCode).toBe(200);
    });
  });

  describe('an account made by social sign-in (no password)', () => {
    const caliberDetails = (email: string, nickname: string) => ({
      game: 'caliber',
      email,
      nickname,
      pin: '1357',
      password: 'Attacker-Chosen-9',
      confirmPassword: 'Attacker-Chosen-9',
    });

    it('cannot get a first password or a PIN from an old session', async () => {
      const social = await createPlayer(t.app.ctx, { passwordHash: null, games: ['talesrunner'] });
      stolen();
      const nickname = `x${social.user.id.slice(0, 8)}`;
      expectRefused(
        await send('PUT', '/api/register/details', social.auth, caliberDetails(social.user.email, nickname)),
      );
      expectRefused(
        await send('POST', '/profile/register-game', social.auth, {
          game: 'caliber',
          nickname,
          pin: '1357',
          password: 'Attacker-Chosen-9',
        }),
      );
      expectRefused(
        await send('POST', '/profile/update', social.auth, {
          name: 'Test Player',
          email: social.user.email,
          pin: '2468',
        }),
      );
      // Nor move the address (to reset a password there): the change carries the password it does not have.
      const moved = await send('POST', '/profile/update', social.auth, {
        name: 'Test Player',
        email: `moved-${social.user.id.slice(0, 8)}@example.test`,
      });
      expect(moved.statusCode).toBe(409);
      // Nor can it step up: it has nothing to prove it with.
      expect((await send('POST', '/api/step-up', social.auth, {})).statusCode).toBe(409);
      const [user] = await t.app.ctx.db.select().from(users).where(eq(users.id, social.user.id));
      expect(user!.passwordHash).toBeNull();
      const games = await t.app.ctx.db.select().from(userGames).where(eq(userGames.userId, social.user.id));
      expect(games.map((g) => [g.game, g.pinHash])).toEqual([['talesrunner', null]]);
    });

    it('sets its game details right after the social sign-in: that sign-in is the proof', async () => {
      const social = await createPlayer(t.app.ctx, { passwordHash: null, games: [] });
      const nickname = `s${social.user.id.slice(0, 8)}`;
      const reply = await send(
        'PUT',
        '/api/register/details',
        social.auth,
        caliberDetails(social.user.email, nickname),
      );
      expect(reply.statusCode).toBe(200);
      const [user] = await t.app.ctx.db.select().from(users).where(eq(users.id, social.user.id));
      expect(user!.passwordHash).not.toBeNull();
    });
  });

  describe('a staff member’s stolen token', () => {
    it('invites nobody, changes no role and deactivates nobody', async () => {
      const owner = await createStaffMember(t, 'owner');
      const colleague = await createAdmin(t.app.ctx, { role: 'support' });
      stolen();
      expectRefused(
        await send('POST', '/api/admin/staff', owner.auth, {
          email: `new-owner-${owner.admin.id.slice(0, 8)}@example.test`,
          name: 'New Owner',
          role: 'owner',
        }),
      );
      expectRefused(
        await send('PATCH', `/api/admin/staff/${colleague.admin.id}`, owner.auth, { role: 'owner' }),
      );
      expectRefused(
        await send('PATCH', `/api/admin/staff/${colleague.admin.id}`, owner.auth, { active: false }),
      );
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: owner.auth });
      expect(list.statusCode).toBe(200);
      expect(list.json().invitations).toEqual([]);
      const [row] = await t.app.ctx.db.select().from(admins).where(eq(admins.id, colleague.admin.id));
      expect([row!.role, row!.status]).toEqual(['support', 'active']);

      // The owner, having confirmed it's them, invites.
      await stepUp(t, owner.auth, '/api/admin', {
        password: FIXTURE_PASSWORD,
        ...(owner.secret ? { code: codeNow(t, owner.secret) } : {}),
      });
      nextStep(t);
      const invited = await send('POST', '/api/admin/staff', owner.auth, {
        email: `invited-${owner.admin.id.slice(0, 8)}@example.test`,
        name: 'Invited',
        role: 'support',
      });
      expect(invited.statusCode).toBeLessThan(300);
    });

    it('creates no server key, no webhook URL or secret, no confidential app or app secret', async () => {
      const owner = await createStaffMember(t, 'owner');
      // An app the owner made while proved (the attacker tries to rotate its secret).
      const app = await send('POST', '/api/admin/oidc/clients', owner.auth, {
        name: 'Owner’s app',
        type: 'confidential',
        redirect_uris: ['https://app.example/callback'],
        grant_types: ['authorization_code'],
      });
      expect(app.statusCode).toBe(201);
      const appId = app.json().client_id as string;
      const keysBefore = await t.app.ctx.db.select().from(gameServerKeys);
      const webhooksBefore = await t.app.ctx.db.select().from(gameWebhooks);
      stolen();
      expectRefused(await send('POST', '/api/admin/games/caliber/keys', owner.auth, { name: 'Attacker' }));
      expectRefused(
        await send('PUT', '/api/admin/games/caliber/webhook', owner.auth, {
          url: 'https://attacker.example/hook',
          active: true,
        }),
      );
      expectRefused(await send('POST', '/api/admin/games/caliber/webhook/rotate-secret', owner.auth));
      expectRefused(
        await send('POST', '/api/admin/oidc/clients', owner.auth, {
          name: 'Attacker app',
          type: 'confidential',
          redirect_uris: ['https://attacker.example/callback'],
          grant_types: ['authorization_code'],
        }),
      );
      expectRefused(await send('POST', `/api/admin/oidc/clients/${appId}/rotate-secret`, owner.auth));
      expectRefused(
        await send('PATCH', `/api/admin/oidc/clients/${appId}`, owner.auth, {
          redirect_uris: ['https://attacker.example/callback'],
        }),
      );
      expect(await t.app.ctx.db.select().from(gameServerKeys)).toEqual(keysBefore);
      expect(await t.app.ctx.db.select().from(gameWebhooks)).toEqual(webhooksBefore);
      const apps = await t.app.inject({ method: 'GET', url: '/api/admin/oidc/clients', headers: owner.auth });
      expect(JSON.stringify(apps.json())).not.toContain('attacker.example');
    });
  });
});
