import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, securityEvents } from '../../src/db/schema/index';
import { writeAudit } from '../../src/lib/audit';
import {
  createServiceContext,
  ringWhenCommitted,
  type ServiceContext,
  type TxContext,
} from '../../src/lib/context';
import { createDoorbell } from '../../src/lib/doorbell';
import type { Mailer } from '../../src/lib/mail/mailer';
import { recordSecurityEvent } from '../../src/modules/security';
import { buildTestApp, type TestApp } from '../app';
import { createPlayer } from '../fixtures';

let t: TestApp;
let ctx: ServiceContext;
beforeAll(async () => {
  t = await buildTestApp();
  ctx = t.app.ctx;
});
afterAll(() => t.close());

const mail = (to: string) => ({ to, subject: 'Unit of work', text: 'x', html: '<p>x</p>', kind: 'test' });

/** One state change with its three companions: an outbox email, an audit entry and a security event. */
async function change(tx: TxContext, userId: string, tag: string) {
  await tx.mailer.enqueue(mail(`${tag}@example.test`));
  await writeAudit(tx, { actor: null, action: `test.${tag}`, details: { userId } });
  tx.afterCommit((root) => recordSecurityEvent(root, { userId, kind: 'password_changed', detail: tag }));
}

/** What is there for `tag`; read through `db` (inside a transaction PGlite's one connection is the transaction's). */
async function written(userId: string, tag: string, db = ctx.db) {
  const outbox = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, `${tag}@example.test`));
  const audit = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, `test.${tag}`));
  const events = await db.select().from(securityEvents).where(eq(securityEvents.userId, userId));
  return {
    outbox: outbox.length,
    audit: audit.length,
    events: events.filter((e) => e.detail === tag).length,
  };
}

class Refused extends Error {}

describe('ctx.transaction (the unit of work)', () => {
  it('commits a change, its outbox email and its audit entry together, then records the security event', async () => {
    const { user } = await createPlayer(ctx);
    let eventsInside = -1;
    await ctx.transaction(async (tx) => {
      await change(tx, user.id, 'committed');
      // Nothing after commit has run yet: the event is not there while the transaction is open.
      eventsInside = (await written(user.id, 'committed', tx.db)).events;
    });
    expect(eventsInside).toBe(0);
    expect(await written(user.id, 'committed')).toEqual({ outbox: 1, audit: 1, events: 1 });
  });

  it('leaves no outbox row, no audit row and no security event when it rolls back', async () => {
    const { user } = await createPlayer(ctx);
    await expect(
      ctx.transaction(async (tx) => {
        await change(tx, user.id, 'rolled-back');
        throw new Refused('no');
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await written(user.id, 'rolled-back')).toEqual({ outbox: 0, audit: 0, events: 0 });
  });

  it('joins an outer transaction: the inner work rolls back with it and its effects wait for the outer commit', async () => {
    const { user } = await createPlayer(ctx);
    // A service that opens its own unit of work, called from inside another.
    const inner = (c: ServiceContext, tag: string) => c.transaction((tx) => change(tx, user.id, tag));

    await expect(
      ctx.transaction(async (tx) => {
        await inner(tx, 'nested-rolled-back');
        throw new Refused('no');
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await written(user.id, 'nested-rolled-back')).toEqual({ outbox: 0, audit: 0, events: 0 });

    let eventsAfterInner = -1;
    await ctx.transaction(async (tx) => {
      await inner(tx, 'nested');
      eventsAfterInner = (await written(user.id, 'nested', tx.db)).events;
    });
    expect(eventsAfterInner).toBe(0);
    expect(await written(user.id, 'nested')).toEqual({ outbox: 1, audit: 1, events: 1 });
  });

  it('is one transaction: a row written inside is invisible outside until commit', async () => {
    let seenOutside = -1;
    await ctx.transaction(async (tx) => {
      await tx.mailer.enqueue(mail('isolated@example.test'));
      if (t.database.kind === 'postgres')
        seenOutside = (
          await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'isolated@example.test'))
        ).length;
    });
    // PGlite has one connection, so only the real server can show the isolation.
    if (t.database.kind === 'postgres') expect(seenOutside).toBe(0);
    expect(
      await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'isolated@example.test')),
    ).toHaveLength(1);
  });

  it('rings the delivery of what it wrote once committed, never before nor after a rollback', async () => {
    const rung: string[] = [];
    const stop = ctx.doorbell.listen((task) => rung.push(task));
    try {
      // Outside a transaction a message is committed when written: its delivery is rung at once.
      await ctx.mailer.enqueue(mail('rung-at-once@example.test'));
      expect(rung).toEqual(['mail-delivery']);
      let rungInside: string[] = [];
      await ctx.transaction(async (tx) => {
        await tx.mailer.enqueue(mail('rung-on-commit@example.test'));
        ringWhenCommitted(tx, 'game-webhook-deliveries');
        rungInside = [...rung];
      });
      expect(rungInside).toEqual(['mail-delivery']);
      expect(rung).toEqual(['mail-delivery', 'mail-delivery', 'game-webhook-deliveries']);
      await expect(
        ctx.transaction(async (tx) => {
          await tx.mailer.enqueue(mail('never-rung@example.test'));
          ringWhenCommitted(tx, 'game-webhook-deliveries');
          throw new Refused('no');
        }),
      ).rejects.toBeInstanceOf(Refused);
      expect(rung).toHaveLength(3);
    } finally {
      stop();
    }
    // A copy with a mailer of its own writes through that mailer, inside a transaction too.
    const written: string[] = [];
    const own = { ...ctx.mailer, enqueue: async (m: { to: string }) => void written.push(m.to) };
    await { ...ctx, mailer: own }.transaction((tx) => tx.mailer.enqueue(mail('own@example.test')));
    expect(written).toEqual(['own@example.test']);
  });

  it("keeps a mailer's methods when they live on its prototype (a class), and rings its writes", async () => {
    class CountingMailer implements Mailer {
      readonly delivers = true;
      enqueued: string[] = [];
      async enqueue(message: { to: string }) {
        this.enqueued.push(message.to);
      }
      async deliverDue() {
        return 7;
      }
      close() {}
    }
    const mailer = new CountingMailer();
    const doorbell = createDoorbell();
    const rung: string[] = [];
    doorbell.listen((task) => rung.push(task));
    const own = createServiceContext({ ...ctx, mailer, doorbell });
    expect(own.mailer.delivers).toBe(true);
    expect(await own.mailer.deliverDue()).toBe(7);
    await own.mailer.enqueue(mail('class@example.test'));
    await own.transaction((tx) => tx.mailer.enqueue(mail('class-in-tx@example.test')));
    expect(mailer.enqueued).toEqual(['class@example.test', 'class-in-tx@example.test']);
    expect(rung).toEqual(['mail-delivery', 'mail-delivery']);
  });

  it('opens its transaction on the context it is called on (a copy with another clock keeps that clock)', async () => {
    const at = new Date('2020-02-02T02:02:02Z');
    const copy: ServiceContext = { ...ctx, clock: { now: () => at } };
    const seen = await copy.transaction(async (tx) => tx.transaction(async (inner) => inner.clock.now()));
    expect(seen).toEqual(at);
  });
});
