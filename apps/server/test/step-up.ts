import type { TestApp } from './app';
import { FIXTURE_PASSWORD } from './fixtures';
import { type Audience, postJson } from './mfa';

/**
 * Gives the session of `auth` a fresh step-up proof (docs/decisions/0038-step-up.md), as the web's confirm
 * dialog does before a change that outlives the session; `proof` is the password by default.
 */
export async function stepUp(
  t: TestApp,
  auth: { authorization: string },
  audience: Audience = '/api',
  proof: Record<string, unknown> = { password: FIXTURE_PASSWORD },
) {
  const res = await postJson(t, `${audience}/step-up`, proof, auth);
  if (res.statusCode !== 200) throw new Error(`step-up failed: ${res.body}`);
  return res.json() as { until: string };
}
