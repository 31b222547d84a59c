import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';

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
 * Runs background tasks on an interval. Each run holds a PostgreSQL advisory lock named after the task,
 * so with several server processes a task runs once at a time, not once per process.
 */
export function startScheduler(database: DatabaseHandle, tasks: ScheduledTask[], log: FastifyBaseLogger) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const runOnce = (task: ScheduledTask) => database.withAdvisoryLock(lockKey(task.name), () => task.run());

  for (const task of tasks) {
    let busy = false;
    timers.push(
      setInterval(() => {
        if (busy || stopped) return;
        busy = true;
        const run = runOnce(task)
          .catch((error) => log.warn({ err: error, task: task.name }, 'scheduled task failed'))
          .finally(() => {
            busy = false;
            running.delete(run);
          });
        running.add(run);
      }, task.everyMs).unref(),
    );
  }

  return {
    /** Stops scheduling and waits for runs in progress. */
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
