import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * What a SECRET_KEY-derived key is for: HKDF-SHA-256 salt and info. Each kind of stored secret has its own,
 * so a key derived for one purpose opens nothing of another.
 */
export interface SecretPurpose {
  salt: string;
  info: string;
}

/** A 32-byte key for `purpose`, derived from SECRET_KEY. Changing SECRET_KEY makes every sealed secret unreadable. */
export const derivedKey = (secretKey: string, purpose: SecretPurpose) =>
  Buffer.from(hkdfSync('sha256', secretKey, purpose.salt, purpose.info, 32));

const VERSION = 'v1';

/**
 * Seals a secret the server must read back later (TOTP secrets, webhook signing secrets), so a copy of the
 * database alone reveals none. AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export function sealSecret(secretKey: string, purpose: SecretPurpose, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secretKey, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')).join('.');
}

/** The sealed secret, or null when it was sealed under another key or purpose, or is damaged. */
export function openSecret(secretKey: string, purpose: SecretPurpose, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      derivedKey(secretKey, purpose),
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
