import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { solvedAltcha } from '../../test/proof-of-work';
import { spentChallenges } from '../db/schema/index';
import { createWorkChallenge, purgeSpentChallenges, spendWorkProof } from './proof-of-work';

/** Challenges as lib/proof-of-work.ts makes and checks them (decision 0039), on a real database. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('proof-of-work challenges', () => {
  it('are ALTCHA v2 challenges, signed, bound to a purpose, spent once (stored until they expire)', async () => {
    const challenge = await createWorkChallenge(t.app.ctx, 'sign-in');
    expect(challenge.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1000,
      data: { purpose: 'sign-in', expires: t.clock.now().getTime() + 5 * 60_000 },
      keySignature: expect.any(String),
    });
    const payload = await solvedAltcha(challenge);
    expect(await spendWorkProof(t.app.ctx, payload, 'register')).toBe(false);
    expect(await spendWorkProof(t.app.ctx, payload, 'sign-in')).toBe(true);
    expect(await spendWorkProof(t.app.ctx, payload, 'sign-in')).toBe(false);
    const [row] = await t.app.ctx.db.select().from(spentChallenges);
    expect(row!.signatureHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.signatureHash).not.toBe(challenge.signature);
  }, 30_000);

  it('ask the configured work: by default a counter from 2,000 to 4,000, solved for real', async () => {
    const full = await buildTestApp({ env: { CHALLENGE_WORK: '4000' } });
    try {
      const payload = await solvedAltcha(await createWorkChallenge(full.app.ctx, 'register'));
      const { solution } = JSON.parse(Buffer.from(payload, 'base64').toString());
      expect(solution.counter).toBeGreaterThanOrEqual(2000);
      expect(solution.counter).toBeLessThanOrEqual(4000);
      expect(await spendWorkProof(full.app.ctx, payload, 'register')).toBe(true);
    } finally {
      await full.close();
    }
    // The tests' own work (test/app.ts): the same challenge, a counter from 20 to 40.
    const { solution } = JSON.parse(
      Buffer.from(await solvedAltcha(await createWorkChallenge(t.app.ctx, 'register')), 'base64').toString(),
    );
    expect(solution.counter).toBeGreaterThanOrEqual(20);
    expect(solution.counter).toBeLessThanOrEqual(40);
  }, 30_000);

  it('refuse tampered parameters, a wrong solution, another secret and expired challenges', async () => {
    const challenge = await createWorkChallenge(t.app.ctx, 'email');
    const payload = JSON.parse(Buffer.from(await solvedAltcha(challenge), 'base64').toString());
    const cheaper = {
      ...payload,
      challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } },
    };
    const wrongKey = { ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } };
    const longer = {
      ...payload,
      challenge: {
        ...challenge,
        parameters: { ...challenge.parameters, data: { purpose: 'email', expires: Date.now() * 2 } },
      },
    };
    for (const bad of [cheaper, wrongKey, longer])
      expect(await spendWorkProof(t.app.ctx, encode(bad), 'email')).toBe(false);
    const other = await buildTestApp({ env: { SECRET_KEY: 'another-secret-of-at-least-32-characters!' } });
    try {
      expect(await spendWorkProof(other.app.ctx, encode(payload), 'email')).toBe(false);
    } finally {
      await other.close();
    }
    t.clock.advance(5 * 60_000 + 1);
    expect(await spendWorkProof(t.app.ctx, encode(payload), 'email')).toBe(false);
  }, 30_000);

  it('forget spent challenges once they have expired', async () => {
    await purgeSpentChallenges(t.app.ctx);
    const challenge = await createWorkChallenge(t.app.ctx, 'register');
    expect(await spendWorkProof(t.app.ctx, await solvedAltcha(challenge), 'register')).toBe(true);
    await purgeSpentChallenges(t.app.ctx);
    expect(await t.app.ctx.db.select().from(spentChallenges)).toHaveLength(1);
    t.clock.advance(5 * 60_000 + 1);
    await purgeSpentChallenges(t.app.ctx);
    expect(await t.app.ctx.db.select().from(spentChallenges)).toHaveLength(0);
  }, 30_000);
});
