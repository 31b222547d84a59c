import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PARAMETERS = { algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;
/** Codes of the step before and after the current one are accepted too (clock drift, typing time). */
const WINDOW = 1;

/** A new random secret (160 bits, as RFC 4226 recommends), base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` URL an authenticator app scans; `label` is the account's email. */
export function otpauthUrl(secret: string, label: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    ...PARAMETERS,
  }).toString();
}

/** The time step a 6-digit code belongs to (the current step ±1), or null when it matches none. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp,
    window: WINDOW,
    ...PARAMETERS,
  });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

/** The code an authenticator app shows at `at` (tests and the demo data). */
export function totpCodeAt(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime(), ...PARAMETERS });
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const group = () =>
  Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');

/** RECOVERY_CODE_COUNT fresh codes `xxxxx-xxxxx` (about 52 bits each), all different. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(`${group()}-${group()}`);
  return [...codes];
}
