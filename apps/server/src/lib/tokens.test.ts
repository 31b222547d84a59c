import { describe, expect, it } from 'vitest';
import { hashToken, randomToken, signPayload, verifyPayload } from './tokens';

const SECRET = 's'.repeat(32);

describe('tokens', () => {
  it('makes 256-bit url-safe tokens and stable hashes', () => {
    const token = randomToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(token).not.toBe(randomToken());
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies a signed payload until it expires', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const signed = signPayload(SECRET, { intent: 'login' }, new Date(now.getTime() + 1000));
    expect(verifyPayload(SECRET, signed, now)).toMatchObject({ intent: 'login' });
    expect(verifyPayload(SECRET, signed, new Date(now.getTime() + 2000))).toBeNull();
  });

  it('rejects a tampered or foreign payload', () => {
    const now = new Date();
    const signed = signPayload(SECRET, { intent: 'login' }, new Date(now.getTime() + 60_000));
    const [body, mac] = signed.split('.');
    const forged = `${Buffer.from(JSON.stringify({ intent: 'admin', exp: now.getTime() + 60_000 })).toString('base64url')}.${mac}`;
    expect(verifyPayload(SECRET, forged, now)).toBeNull();
    expect(verifyPayload('t'.repeat(32), signed, now)).toBeNull();
    expect(verifyPayload(SECRET, `${body}`, now)).toBeNull();
    expect(verifyPayload(SECRET, 'garbage', now)).toBeNull();
  });
});
