import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from './clock';
import { createDoorbell, type Doorbell, type WakeableTask } from './doorbell';
import type { Mailer } from './mail/mailer';
import type { HostResolver } from './public-address';

/** What every service receives: real parts in production, the same real parts with a controlled clock in tests. */
export interface ServiceContext {
  db: Database;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  /** Resolves host names for outgoing requests to addresses others chose (webhooks); the system's by default. */
  resolveHost?: HostResolver;
  /** Wakes the background task that delivers what was written (`ringWhenCommitted`); the scheduler listens. */
  doorbell: Doorbell;
  /**
   * The unit of work (decision 0052): runs `fn` in one database transaction and hands it a context whose
   * `db` is that transaction and whose `mailer` enqueues into it, so a state change, its outbox email and
   * its audit entry (`writeAudit(tx, …)`) commit or roll back together. Called on a context that is already
   * inside a transaction, it joins that transaction (options are then the outer one's).
   */
  transaction<T>(fn: (tx: TxContext) => Promise<T>, options?: PgTransactionConfig): Promise<T>;
}

/** What an effect after commit receives: the context the outermost transaction was opened on. */
type AfterCommit = (ctx: ServiceContext) => Promise<unknown> | unknown;

/** A service context inside a unit of work. */
export interface TxContext extends ServiceContext {
  /**
   * Runs `effect` once the outermost transaction has committed, in the order registered; never when it rolls
   * back. For writes that must describe what happened and not fail it, e.g. security events:
   * `tx.afterCommit((root) => recordSecurityEvent(root, event))`.
   */
  afterCommit(effect: AfterCommit): void;
}

type ContextParts = Pick<ServiceContext, 'db' | 'clock' | 'config' | 'mailer' | 'resolveHost'> & {
  doorbell?: Doorbell;
};

/**
 * Rings `task` once what `ctx` wrote is committed: at once outside a transaction, after the commit inside one
 * (a task woken before would not see the rows yet).
 */
export function ringWhenCommitted(ctx: ServiceContext, task: WakeableTask): void {
  if ('afterCommit' in ctx) (ctx as TxContext).afterCommit((root) => root.doorbell.ring(task));
  else ctx.doorbell.ring(task);
}

/** Each ringing mailer's own mailer: a transaction writes through it and rings once it has committed. */
const withoutRing = new WeakMap<Mailer, Mailer>();

/** `mailer`, ringing the mail delivery after each message written outside a transaction. */
function ringingMailer(mailer: Mailer, doorbell: Doorbell): Mailer {
  // Each member named, not spread: a mailer's methods may live on its prototype, which a spread leaves out.
  const ringing: Mailer = {
    delivers: mailer.delivers,
    async enqueue(message, db) {
      await mailer.enqueue(message, db);
      doorbell.ring('mail-delivery');
    },
    deliverDue: () => mailer.deliverDue(),
    close: () => mailer.close(),
  };
  withoutRing.set(ringing, mailer);
  return ringing;
}

/**
 * A context over the app's database. `transaction` works on the context it is called on, so a copy with
 * another clock or mailer (`{ ...ctx, clock }`) opens its transactions with that clock or mailer.
 */
export function createServiceContext(parts: ContextParts): ServiceContext {
  const doorbell = parts.doorbell ?? createDoorbell();
  return {
    ...parts,
    doorbell,
    mailer: ringingMailer(parts.mailer, doorbell),
    async transaction(fn, options) {
      const effects: AfterCommit[] = [];
      const result = await this.db.transaction(
        (db) => fn(transactionContext({ ...this, db }, this.mailer, effects)),
        options,
      );
      for (const effect of effects) await effect(this);
      return result;
    },
  };
}

function transactionContext(parts: ServiceContext, outside: Mailer, effects: AfterCommit[]): TxContext {
  const unrung = withoutRing.get(outside) ?? outside;
  const mailer: Mailer = {
    delivers: outside.delivers,
    // Into the transaction; the delivery is rung once it has committed.
    enqueue: async (message, db = parts.db) => {
      await unrung.enqueue(message, db);
      effects.push((root) => root.doorbell.ring('mail-delivery'));
    },
    deliverDue: () => outside.deliverDue(),
    close: () => outside.close(),
  };
  return {
    ...parts,
    mailer,
    // Joining: the inner unit of work is part of the outer one and commits (or not) with it.
    transaction(fn) {
      return fn(this);
    },
    afterCommit(effect) {
      effects.push(effect);
    },
  };
}
