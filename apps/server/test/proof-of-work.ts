import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Solves an ALTCHA challenge as a client does, with altcha-lib's own solver (the real work, about a second),
 * and answers the payload a client repeats its request with: base64 JSON `{ challenge, solution }`.
 */
export async function solvedAltcha(challenge: unknown): Promise<string> {
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
