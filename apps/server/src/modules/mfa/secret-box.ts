import { createHmac } from 'node:crypto';
import {
  derivedKey,
  openSecret as openWith,
  type SecretPurpose,
  sealSecret as sealWith,
} from '../../lib/secret-box';

/**
 * Keys for the mfa module's stored secrets, derived from SECRET_KEY per purpose (lib/secret-box.ts), so a copy
 * of the database alone reveals no TOTP secret and allows no offline guessing of recovery codes. Changing
 * SECRET_KEY therefore turns every authenticator and recovery code invalid (docs/decisions/0031).
 */
const TOTP_SECRET: SecretPurpose = { salt: 'portal-mfa', info: 'totp-secret' };
const RECOVERY_CODE: SecretPurpose = { salt: 'portal-mfa', info: 'recovery-code' };

export const sealSecret = (secretKey: string, plain: string) => sealWith(secretKey, TOTP_SECRET, plain);

/** The sealed TOTP secret, or null when it was sealed under another key or is damaged. */
export const openSecret = (secretKey: string, sealed: string) => openWith(secretKey, TOTP_SECRET, sealed);

/** A recovery code's stored form: HMAC-SHA-256 under a SECRET_KEY-derived key (lookup by equality). */
export function recoveryCodeHash(secretKey: string, code: string): string {
  return createHmac('sha256', derivedKey(secretKey, RECOVERY_CODE)).update(code).digest('hex');
}
