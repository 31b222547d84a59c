import type { TestApp } from '../../../test/app';
import { totpCodeAt } from './totp';

export type Audience = '/api' | '/api/admin';

/** The code an authenticator app shows now on the test clock, or `steps` 30-second steps later. */
export const codeNow = (t: TestApp, secret: string, steps = 0) =>
  totpCodeAt(secret, new Date(t.clock.now().getTime() + steps * 30_000));

/** Moves the test clock to the next 30-second step, so a fresh code is not a replay of the last one. */
export const nextStep = (t: TestApp) => t.clock.advance(30_000);

export const postJson = (t: TestApp, url: string, payload: unknown, auth?: { authorization: string }) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: auth });

/** Sets up and turns on TOTP for the bearer of `auth`; the secret and the recovery codes. */
export async function turnOnTotp(t: TestApp, auth: { authorization: string }, audience: Audience = '/api') {
  const setup = await postJson(t, `${audience}/mfa/totp/setup`, undefined, auth);
  const { secret } = setup.json() as { secret: string };
  const enable = await postJson(t, `${audience}/mfa/totp/enable`, { code: codeNow(t, secret) }, auth);
  if (enable.statusCode !== 200) throw new Error(`enable failed: ${enable.body}`);
  nextStep(t);
  return { secret, recoveryCodes: (enable.json() as { recovery_codes: string[] }).recovery_codes };
}
