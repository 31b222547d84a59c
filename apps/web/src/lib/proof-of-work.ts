import type { AltchaChallenge } from '@portal/contract';
import { CHALLENGE_MESSAGES, CHALLENGE_REQUIRED_CODE } from '@portal/contract/constants';

/**
 * Proof-of-work challenges (docs/decisions/0039-proof-of-work-throttles.md). When the server answers 429
 * `{ code: 'CHALLENGE_REQUIRED', challenge }`, the API client solves the challenge in the browser with the
 * `altcha` package (loaded only then: the sign-in pages' bundle stays small) and repeats the request with
 * `altcha`. No puzzle for the person: while the browser works, the page says "Checking your browser…".
 */

/** Whether the browser is solving a challenge now, for the status line (`useSyncExternalStore`). */
export interface ChallengeStatusSource {
  subscribe(listener: () => void): () => void;
  isChecking(): boolean;
}

/** What the API client asks and the shell's status line watches (one per app, composed in lib/api.ts). */
export interface ProofOfWork {
  status: ChallengeStatusSource;
  /** Solves `challenge` and answers the `altcha` payload to repeat the request with; throws when it cannot. */
  prove(challenge: AltchaChallenge): Promise<string>;
}

const solveWithAltcha = async (challenge: AltchaChallenge) => {
  const { solveAltcha } = await import('./altcha-solver');
  return solveAltcha(challenge);
};

export function createProofOfWork(solve = solveWithAltcha): ProofOfWork {
  let checking = false;
  const listeners = new Set<() => void>();
  const setChecking = (value: boolean) => {
    checking = value;
    for (const listener of listeners) listener();
  };
  return {
    status: {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      isChecking: () => checking,
    },
    async prove(challenge) {
      setChecking(true);
      try {
        return await solve(challenge);
      } catch {
        throw new Error(CHALLENGE_MESSAGES.failed);
      } finally {
        setChecking(false);
      }
    },
  };
}

/** The challenge of a 429 body that asks for one; null for any other body. */
export function challengeOf(body: unknown): AltchaChallenge | null {
  if (body === null || typeof body !== 'object') return null;
  const { code, challenge } = body as { code?: unknown; challenge?: unknown };
  return code === CHALLENGE_REQUIRED_CODE && challenge !== null && typeof challenge === 'object'
    ? (challenge as AltchaChallenge)
    : null;
}
