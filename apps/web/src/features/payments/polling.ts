/** A pending payment is asked about again after 2 s, then 1.5 times longer each time, at most every 15 s… */
const FIRST_DELAY_MS = 2000;
const MAX_DELAY_MS = 15_000;
/** …for 5 minutes; after that the page says so and offers to check again. */
export const PENDING_POLL_LIMIT_MS = 5 * 60_000;

/** Milliseconds until the next check after `checks` answers over `elapsedMs`, or false to stop asking. */
export function pendingPollDelay(checks: number, elapsedMs: number): number | false {
  if (elapsedMs >= PENDING_POLL_LIMIT_MS) return false;
  return Math.min(MAX_DELAY_MS, Math.round(FIRST_DELAY_MS * 1.5 ** Math.max(0, checks - 1)));
}
