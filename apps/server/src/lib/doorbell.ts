/**
 * The background tasks a write can wake (tasks.ts): a process that writes work for one rings it once the write
 * has committed, and the task runs at once instead of at its next poll. The polls remain, less often, for
 * what no ring announces: retries that fall due later, leases of a process that died, rows written before a
 * restart (decision 0077).
 */
export type WakeableTask = 'mail-delivery' | 'game-webhook-deliveries';

export interface Doorbell {
  ring(task: WakeableTask): void;
  /** Calls `listener` on every ring; returns its removal. */
  listen(listener: (task: WakeableTask) => void): () => void;
}

export function createDoorbell(): Doorbell {
  const listeners = new Set<(task: WakeableTask) => void>();
  return {
    ring(task) {
      for (const listener of listeners) listener(task);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
