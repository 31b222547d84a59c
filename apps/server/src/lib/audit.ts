import type { Database } from '../db/client';
import { auditLog } from '../db/schema/index';
import type { ServiceContext } from './context';
import type { Session } from './sessions';

/**
 * Who acted. Pass `request.admin` / `request.player` (a Session) directly, or an explicit actor.
 * `null` means the system itself (command line, background task).
 */
type AuditActor =
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
}

/**
 * Appends one entry to the audit log (every admin sign-in, export, email blast and account change).
 * Pass a transaction as `db` to make it part of it.
 */
export async function writeAudit(
  ctx: ServiceContext,
  entry: AuditEntry,
  db: Database = ctx.db,
): Promise<void> {
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
  await db.insert(auditLog).values({
    actorKind: kind,
    actorId: id,
    actorLabel: label,
    action: entry.action,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
    createdAt: ctx.clock.now(),
  });
}
