import { ACCOUNT_MESSAGES, MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@portal/contract';

/**
 * The most common passwords of 8 to 70 characters (from public breach top lists), compared lower-case.
 * Short on purpose: it stops the obvious ones without a large download.
 */
const COMMON = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '87654321',
  '11111111',
  '00000000',
  '88888888',
  'password',
  'password1',
  'password12',
  'password123',
  'password!',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'zaq12wsx',
  'asdfghjkl',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'letmein1',
  'abcd1234',
  'abc12345',
  'abcdefgh',
  'aa123456',
  'admin123',
  'administrator',
  'changeme',
  'computer',
  'dragon123',
  'michael1',
  'monkey123',
  'mustang1',
  'shadow12',
  'master123',
  'qwertyui',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'access14',
  'charlie1',
  'jennifer',
  'jordan23',
  'liverpool',
  'chelsea1',
  'samsung1',
  'secret123',
  'zxcvbnm1',
  'zxcvbnm123',
]);

/** The server's password rule (8-70 characters, not a common password); null when acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return MESSAGES.passwordHint;
  if (COMMON.has(password.toLowerCase())) return ACCOUNT_MESSAGES.commonPassword;
  return null;
}
