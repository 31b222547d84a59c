import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretPurpose } from '../../lib/secret-box';

/** The SECRET_KEY-derived key that seals games' webhook signing secrets at rest. */
export const WEBHOOK_SECRET_PURPOSE: SecretPurpose = { salt: 'portal-webhooks', info: 'webhook-secret' };

/** A receiver accepts a signature made at most this long before or after its own clock. */
const SIGNATURE_TOLERANCE_S = 300;

const v1 = (secret: string, t: number, body: string) =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** `Portal-Signature: t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{raw body}")}`. */
export function portalSignature(secret: string, t: number, body: string): string {
  return `t=${t},v1=${v1(secret, t, body)}`;
}

/**
 * Checks a `Portal-Signature` header against the raw body, as a game's server should: the HMAC in constant
 * time, and the time within `SIGNATURE_TOLERANCE_S` of `now` (so a captured request cannot be replayed later).
 */
export function verifyPortalSignature(
  secret: string,
  header: string | undefined,
  body: string,
  now: Date,
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_S) return false;
  return timingSafeEqual(Buffer.from(v1(secret, t, body), 'hex'), Buffer.from(given, 'hex'));
}
