import { describe, expect, it } from 'vitest';
import { post, registration } from '../../test/accounts';
import { buildTestApp } from '../../test/app';
import { startSmtpCapture } from '../../test/smtp-capture';
import { scheduledTasks } from '../tasks';
import { createDoorbell } from './doorbell';
import { type ScheduledTask, startScheduler } from './scheduler';

const HOUR = 60 * 60 * 1000;
const quiet = { warn: () => {} } as never;

/** A task whose runs wait until the test lets each one end. */
function heldTask(name: string) {
  const ends: (() => void)[] = [];
  let started = 0;
  const task: ScheduledTask = {
    name,
    everyMs: HOUR,
    run: () => {
      started += 1;
      return new Promise<void>((resolve) => ends.push(resolve));
    },
  };
  return {
    task,
    started: () => started,
    endRun: () => ends.shift()?.(),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the scheduler and its doorbell', () => {
  it('runs a rung task at once, once more for rings during a run, and no more once stopped', async () => {
    const doorbell = createDoorbell();
    const mail = heldTask('mail-delivery');
    const other = heldTask('game-webhook-deliveries');
    // A lock always free, so each step below is a turn of the event loop on either engine.
    const lockFree = {
      withAdvisoryLock: async (_key: number, fn: () => Promise<unknown>) => {
        await fn();
        return true;
      },
    };
    const scheduler = startScheduler(lockFree as never, [mail.task, other.task], quiet, doorbell);

    doorbell.ring('mail-delivery');
    await turn();
    expect(mail.started()).toBe(1);
    expect(other.started()).toBe(0);
    // Two rings while it runs: the run may have read before their writes, so one more run, not two.
    doorbell.ring('mail-delivery');
    doorbell.ring('mail-delivery');
    await turn();
    expect(mail.started()).toBe(1);
    mail.endRun();
    await turn();
    expect(mail.started()).toBe(2);
    mail.endRun();
    await turn();
    expect(mail.started()).toBe(2);

    const stopping = scheduler.stop();
    doorbell.ring('mail-delivery');
    await stopping;
    expect(mail.started()).toBe(2);
  });

  it("delivers a player's mail when it is written, long before the task's next poll", async () => {
    const smtp = await startSmtpCapture();
    const app = await buildTestApp({ env: { SMTP_URL: smtp.url } });
    // The portal's own tasks, polled once an hour here: only the doorbell can send the mail in time.
    const tasks = scheduledTasks(app.app.ctx).map((task) => ({ ...task, everyMs: HOUR }));
    const scheduler = startScheduler(app.database, tasks, quiet, app.app.ctx.doorbell);
    try {
      const body = registration({ email: 'rung@example.test' });
      expect((await post(app.app, '/register', body)).statusCode).toBe(201);
      const mail = await smtp.waitFor('rung@example.test');
      expect(mail.text).toContain('/verifyemail/');
    } finally {
      await scheduler.stop();
      await app.close();
      await smtp.close();
    }
  });
});
