import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's parameters (m=19 MiB, t=2, p=1). @node-rs/argon2 runs on the libuv thread pool,
 * so hashing never blocks the event loop.
 */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash, secret);
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
