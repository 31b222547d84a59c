import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's parameters (m=19 MiB, t=2, p=1). @node-rs/argon2 runs on the libuv thread pool,
 * so hashing never blocks the event loop.
 */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one argon2 computation per CPU at a time. Each saturates a core for ~20 ms; with the whole libuv
 * pool hashing on a small machine, the event loop starves and every other request waits. Queued hashes
 * wait here instead (database work of the same requests goes on meanwhile), and the loop keeps its share.
 */
const slots = (() => {
  const max = Math.max(1, availableParallelism());
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
})();

export function hashSecret(secret: string): Promise<string> {
  return slots(() => hash(secret, OPTIONS));
}

export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await slots(() => verify(storedHash, secret));
  } catch {
    return false;
  }
}

/**
 * A real hash of a throwaway secret, verified when an account does not exist, so that a sign-in for an
 * unknown email costs the same time as a wrong password.
 */
let decoyHash: Promise<string> | undefined;
export async function verifyDecoy(secret: string): Promise<false> {
  decoyHash ??= hashSecret('decoy-password-that-never-matches');
  await verifySecret(await decoyHash, secret);
  return false;
}
