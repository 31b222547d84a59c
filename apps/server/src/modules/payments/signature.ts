import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

/** Xsolla's webhook signature: `Authorization: Signature <sha1(rawBody + secret)>`, hex. */
export function xsollaSignature(rawBody: Buffer, secret: string): string {
  return createHash('sha1')
    .update(Buffer.concat([rawBody, Buffer.from(secret, 'utf8')]))
    .digest('hex');
}

/** Constant-time check of the Authorization header against the raw body. */
export function verifyXsollaSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  const match = /^Signature\s+([0-9a-fA-F]{40})$/.exec(header?.trim() ?? '');
  const given = Buffer.from((match?.[1] ?? '0'.repeat(40)).toLowerCase(), 'utf8');
  const expected = Buffer.from(xsollaSignature(rawBody, secret), 'utf8');
  return timingSafeEqual(given, expected) && match !== null;
}

/**
 * The secret the webhook checks: XSOLLA_WEBHOOK_SECRET for the xsolla provider; for the built-in sandbox,
 * a value derived from SECRET_KEY (so it is never a known constant).
 */
export function webhookSecret(config: Config): string {
  if (config.PAYMENT_PROVIDER === 'xsolla') return config.XSOLLA_WEBHOOK_SECRET!;
  return createHmac('sha256', config.SECRET_KEY).update('sandbox-webhook-secret').digest('hex');
}
