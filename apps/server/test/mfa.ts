import type { admins } from '../src/db/schema/index';
import { issueSession, resolveSession } from '../src/lib/sessions';
import { enableTotp } from '../src/modules/mfa/enable';
import { startTotpSetup } from '../src/modules/mfa/setup';
import { totpCodeAt } from '../src/modules/mfa/totp';
import type { TestApp } from './app';
import { createAdmin } from './fixtures';

export type Audience = '/api' | '/api/admin';

/** The code an authenticator app shows now on the test clock, or `steps` 30-second steps later. */
export const codeNow = (t: TestApp, secret: string, steps = 0) =>
  totpCodeAt(secret, new Date(t.clock.now().getTime() + steps * 30_000));

/** Moves the test clock to the next 30-second step, so a fresh code is not a replay of the last one. */
export const nextStep = (t: TestApp) => t.clock.advance(30_000);

/** A POST from its own address, so per-IP limits of one test do not spill into the next. */
let lastAddress = 0;
export const postJson = (t: TestApp, url: string, payload: unknown, auth?: { authorization: string }) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: auth,
    remoteAddress: `10.77.${Math.floor(++lastAddress / 250) % 250}.${lastAddress % 250}`,
  });

/**
 * Two-step turned on earlier, for a session without a recent proof (a test of the refusals): the mfa
 * module's setup and enable, as the API would have run them then.
 */
async function turnOnTotpEarlier(t: TestApp, auth: { authorization: string }, audience: Audience) {
  const kind = audience === '/api' ? 'player' : 'admin';
  const session = await resolveSession(t.app.ctx, kind, auth.authorization.slice(7));
  if (!session) throw new Error('turnOnTotp: no live session');
  const subject = { kind, id: session.subjectId } as const;
  const { secret } = await startTotpSetup(t.app.ctx, subject);
  const enabled = await enableTotp(t.app.ctx, subject, codeNow(t, secret), { ip: null, userAgent: null });
  nextStep(t);
  return { secret, recoveryCodes: enabled.recovery_codes };
}

/**
 * Sets up and turns on TOTP for the bearer of `auth`; the secret and the recovery codes. Through the API
 * where the session has its recent proof (a fresh one does); otherwise as if turned on earlier.
 */
export async function turnOnTotp(t: TestApp, auth: { authorization: string }, audience: Audience = '/api') {
  const setup = await postJson(t, `${audience}/mfa/totp/setup`, undefined, auth);
  if (setup.statusCode === 403 && (setup.json() as { code?: string }).code === 'STEP_UP_REQUIRED')
    return turnOnTotpEarlier(t, auth, audience);
  const { secret } = setup.json() as { secret: string };
  const enable = await postJson(t, `${audience}/mfa/totp/enable`, { code: codeNow(t, secret) }, auth);
  if (enable.statusCode !== 200) throw new Error(`enable failed: ${enable.body}`);
  nextStep(t);
  return { secret, recoveryCodes: (enable.json() as { recovery_codes: string[] }).recovery_codes };
}

/**
 * A staff member whose session this environment lets into the back-office: with ADMIN_MFA=required (production's
 * default), two-step is on and the session is a fresh one that signed in with its code, so its sign-in window
 * starts now; `secret` is null where two-step is optional.
 */
export async function createStaffMember(t: TestApp, role: (typeof admins.$inferInsert)['role'] = 'owner') {
  const staff = await createAdmin(t.app.ctx, { role });
  if (t.app.ctx.config.ADMIN_MFA !== 'required') return { ...staff, secret: null };
  const { secret } = await turnOnTotp(t, staff.auth, '/api/admin');
  const token = await issueSession(t.app.ctx, 'admin', staff.admin.id, undefined, 'password+code');
  return { ...staff, token, auth: { authorization: `Bearer ${token}` }, secret };
}
