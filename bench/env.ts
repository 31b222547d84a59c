/** A whole number from the environment (a benchmark's knob), `fallback` when unset; anything else stops the run. */
export function countFromEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min} (got ${JSON.stringify(raw)})`);
  }
  return value;
}
