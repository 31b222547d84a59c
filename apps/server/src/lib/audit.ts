import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { auditLog } from '../db/schema/index';
import type { ServiceContext } from './context';
import type { Session, SessionKind } from './sessions';

/**
 * Who acted. Pass `request.admin` / `request.player` (a Session) directly, or an explicit actor.
 * `null` means the system itself (command line, background task).
 */
export type AuditActor =
  | Session
  | { kind: 'admin' | 'player' | 'system'; id?: string | null; label?: string | null }
  | null;

export interface AuditEntry {
  actor: AuditActor;
  /** Dotted verb, e.g. 'admin.login', 'admin.login_failed', 'users.export', 'orders.export', 'email_blast.send'. */
  action: string;
  details?: Record<string, unknown>;
  /** Client address, when known: pass `request.ip`. */
  ip?: string | null;
  /** What it was done to, 'kind:id' (`auditTarget`); by default the player or admin named in `details`. */
  target?: string;
}

export const auditTarget = {
  user: (id: string) => `user:${id}`,
  admin: (id: string) => `admin:${id}`,
  order: (txnid: string) => `order:${txnid}`,
  /** A staff invitation (named by its invitee's email, from the entry's details). */
  invitation: (id: string) => `invitation:${id}`,
  /** A game's webhook (there is one per game). */
  webhook: (game: string) => `webhook:${game}`,
  /** One delivery of a game webhook (a retry names the delivery it sent again). */
  delivery: (id: string) => `delivery:${id}`,
};

/** The player (`userId`) or else the admin (`adminId`) an entry's details name, as migration 0018 reads them. */
function targetNamedIn(details: Record<string, unknown> | undefined): string | null {
  if (typeof details?.userId === 'string') return auditTarget.user(details.userId);
  if (typeof details?.adminId === 'string') return auditTarget.admin(details.adminId);
  return null;
}

/**
 * Appends one entry to the audit log (every admin sign-in, export, email blast and account change).
 * Pass a transaction's context to make it part of it.
 */
export async function writeAudit(ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  const actor = entry.actor;
  let kind: 'admin' | 'player' | 'system' = 'system';
  let id: string | null = null;
  let label: string | null = null;
  if (actor && 'subjectId' in actor) {
    kind = actor.kind;
    id = actor.subjectId;
  } else if (actor) {
    kind = actor.kind;
    id = actor.id ?? null;
    label = actor.label ?? null;
  }
  await ctx.db.insert(auditLog).values({
    actorKind: kind,
    actorId: id,
    actorLabel: label,
    action: entry.action,
    target: entry.target ?? targetNamedIn(entry.details),
    details: entry.details ?? {},
    ip: entry.ip ?? null,
    createdAt: ctx.clock.now(),
  });
}

/**
 * A staff member's change to their own sign-in security (two-step, passkeys, their sessions): an audit entry
 * in the change's transaction (pass its context), so neither is kept without the other. A player's own changes go to
 * their security history only, so this writes nothing for them.
 */
export async function auditOwnSecurity(
  ctx: ServiceContext,
  owner: { kind: SessionKind; id: string },
  change: { action: string; ip: string | null; details?: Record<string, unknown> },
): Promise<void> {
  if (owner.kind !== 'admin') return;
  await writeAudit(ctx, {
    actor: { kind: 'admin', id: owner.id },
    action: change.action,
    target: auditTarget.admin(owner.id),
    details: change.details,
    ip: change.ip,
  });
}

/**
 * The audit log's entries as a statement to select from (`id`, `created_at`, `actor_kind`, `actor_id`,
 * `actor_label`, `action`, `target`, `details`, `ip`): the audit pages read a page of it with the names of
 * the people in one statement of theirs.
 */
export const auditEntries = sql`(select id, created_at, actor_kind, actor_id, actor_label, action, target, details, ip
    from ${auditLog})`;

/**
 * Every action written so far, in order. Read by skipping through the action index one value at a time (a
 * loose index scan), so a million entries with twenty actions cost twenty index probes, not a scan.
 */
export async function writtenActions(ctx: ServiceContext): Promise<string[]> {
  const actions = rowsOf<{ action: string }>(
    await ctx.db.execute(sql`
      with recursive actions(action) as (
        (select action from ${auditLog} order by action limit 1)
        union all
        select (select a.action from ${auditLog} a where a.action > actions.action order by a.action limit 1)
        from actions where actions.action is not null
      )
      select action from actions where action is not null`),
  );
  return actions.map((a) => a.action);
}
