import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { codeNow, postJson } from '../../test/mfa';
import { DEMO_ADMIN, DEMO_PLAYER_PASSWORD, seedDemo } from './seed';
import { DEMO_TWO_STEP, seedTwoStepDemo } from './two-step';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.ctx);
}, 120_000);
afterAll(() => t.close());

describe('demo two-step player', () => {
  it('signs in with the password, then a code from the published secret', async () => {
    const first = await postJson(t, '/login', { email: DEMO_TWO_STEP.email, password: DEMO_PLAYER_PASSWORD });
    expect(first.json().mfa_required).toBe(true);
    const done = await postJson(t, '/login/mfa', {
      mfa_token: first.json().mfa_token,
      code: codeNow(t, DEMO_TWO_STEP.secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ email: DEMO_TWO_STEP.email, nickname: 'gwen' });
  });

  it('takes a published recovery code', async () => {
    const first = await postJson(t, '/login', { email: DEMO_TWO_STEP.email, password: DEMO_PLAYER_PASSWORD });
    const done = await postJson(t, '/login/mfa', {
      mfa_token: first.json().mfa_token,
      code: DEMO_TWO_STEP.recoveryCodes[9],
    });
    expect(done.statusCode).toBe(200);
  });

  it('leaves the other demo accounts and the demo admin without a second step', async () => {
    const ben = await postJson(t, '/login', { email: 'ben@demo.local', password: DEMO_PLAYER_PASSWORD });
    expect(ben.json().token).toBeDefined();
    const admin = await postJson(t, '/api/admin/login', {
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    expect(admin.json().token).toBeDefined();
  });

  it('is seeded once', async () => {
    expect(await seedTwoStepDemo(t.app.ctx, DEMO_PLAYER_PASSWORD)).toBeNull();
  });
});
