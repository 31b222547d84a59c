import type { AltchaChallenge } from '@portal/contract';
import { pbkdf2, solveChallenge, solveChallengeWorkers } from 'altcha/lib';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/** Workers at most: the phone's cores, not all of them (the page stays responsive). */
const MAX_WORKERS = 4;

/**
 * Solves an ALTCHA (v2) challenge with the `altcha` package's own solver and PBKDF2 workers (served from
 * 'self', as the CSP's worker rule wants), and answers the payload the server checks: base64 JSON
 * `{ challenge, solution }`. Where workers are not available (some embedded browsers, the unit tests'
 * jsdom), it solves on the main thread with the same key derivation.
 */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const solution =
    typeof Worker === 'undefined'
      ? await solveChallenge({ challenge, deriveKey: pbkdf2.deriveKey })
      : await solveChallengeWorkers({
          challenge,
          concurrency: Math.min(navigator.hardwareConcurrency || 2, MAX_WORKERS),
          createWorker: () => new Pbkdf2Worker(),
        });
  if (!solution) throw new Error('The challenge was not solved in time.');
  return btoa(JSON.stringify({ challenge, solution }));
}
