import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys for the mfa module's stored secrets, derived from SECRET_KEY per purpose (HKDF-SHA-256), so a copy
 * of the database alone reveals no TOTP secret and allows no offline guessing of recovery codes. Changing
 * SECRET_KEY therefore turns every authenticator and recovery code invalid (docs/decisions/0031).
 */
const derivedKey = (secretKey: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secretKey, 'portal-mfa', purpose, 32));

const VERSION = 'v1';

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(secretKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secretKey, 'totp-secret'), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')).join('.');
}

/** The sealed secret, or null when it was sealed under another key or is damaged. */
export function openSecret(secretKey: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      derivedKey(secretKey, 'totp-secret'),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** A recovery code's stored form: HMAC-SHA-256 under a SECRET_KEY-derived key (lookup by equality). */
export function recoveryCodeHash(secretKey: string, code: string): string {
  return createHmac('sha256', derivedKey(secretKey, 'recovery-code')).update(code).digest('hex');
}
