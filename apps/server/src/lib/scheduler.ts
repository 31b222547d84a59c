import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { Doorbell } from './doorbell';

export interface ScheduledTask {
  /** Unique name; also the advisory-lock key, so across processes only one runs it at a time. */
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

function lockKey(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * Runs background tasks on an interval, and a task at once when `doorbell` rings it. Each run holds a
 * PostgreSQL advisory lock named after the task, so with several server processes a task runs once at a time,
 * not once per process. A ring during a run of its task runs it again once that run ends (the run may have
 * read before the rung write committed).
 */
export function startScheduler(
  database: DatabaseHandle,
  tasks: ScheduledTask[],
  log: FastifyBaseLogger,
  doorbell?: Doorbell,
) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const starters = new Map<string, () => void>();
  let stopped = false;

  const runOnce = (task: ScheduledTask) => database.withAdvisoryLock(lockKey(task.name), () => task.run());

  for (const task of tasks) {
    let busy = false;
    let again = false;
    const start = () => {
      if (stopped) return;
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      again = false;
      const run = runOnce(task)
        .catch((error) => log.warn({ err: error, task: task.name }, 'scheduled task failed'))
        .finally(() => {
          busy = false;
          running.delete(run);
          if (again) start();
        });
      running.add(run);
    };
    starters.set(task.name, start);
    timers.push(setInterval(start, task.everyMs).unref());
  }
  const stopListening = doorbell?.listen((name) => starters.get(name)?.());

  return {
    /** Stops scheduling and waits for runs in progress. */
    async stop() {
      stopped = true;
      stopListening?.();
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
