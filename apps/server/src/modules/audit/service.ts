import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditFilter,
  type AuditFilters,
  type AuditPage,
  type AuditQuery,
  GAME_LABELS,
  GAMES,
  type Game,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { auditEntries, auditTarget, writtenActions } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import {
  andAll,
  dateRange,
  decodePosition,
  encodePosition,
  iso,
  keyset,
  type Position,
  positionKey,
} from '../../lib/paging';
import { playerNameOf } from '../accounts';
import { allStaff, staffEmailOf, staffNameOf } from '../admin-auth';

interface AuditRow {
  id: string;
  created_at: Date | string;
  actor_kind: 'admin' | 'player' | 'system';
  actor_id: string | null;
  actor_label: string | null;
  actor_name: string | null;
  action: string;
  target: string | null;
  target_name: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  pos_at: string;
}

/** A target naming a player or a staff member by id (others, such as order:<txnid>, name themselves). */
const TARGET_ID = {
  user: '^user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  admin: '^admin:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
};

/** Up to `limit` entries of the filter after `after`, newest first, plus one more to tell if more follow. */
async function readAudit(
  ctx: ServiceContext,
  q: AuditFilter & { exceptAction?: string },
  after: Position | null,
  limit: number,
) {
  const page = keyset(sql`a.created_at`, sql`a.id`, after, null);
  const where = andAll([
    q.actor ? sql`a.actor_id = ${q.actor}::uuid` : null,
    q.action ? sql`a.action = ${q.action}` : null,
    q.exceptAction ? sql`a.action <> ${q.exceptAction}` : null,
    q.target ? sql`a.target = ${q.target}` : null,
    dateRange(sql`a.created_at`, { fromDate: q.from, toDate: q.to }),
    page.where,
  ]);
  // Names come from their owners (accounts, admin-auth) inside this one statement: a page is one query.
  const actor = sql`a.actor_id`;
  const rows = rowsOf<AuditRow>(
    await ctx.db.execute(sql`
      select a.id, a.created_at, a.actor_kind, a.actor_id,
        coalesce(case when a.actor_kind = 'admin' then ${staffEmailOf(actor)} end, a.actor_label) as actor_label,
        case a.actor_kind
          when 'admin' then ${staffNameOf(actor)}
          when 'player' then ${playerNameOf(actor)}
        end as actor_name,
        a.action, a.target, a.details, a.ip, ${positionKey(sql`a.created_at`)} as pos_at,
        case
          when a.target ~ ${TARGET_ID.user} then ${playerNameOf(sql`substring(a.target from 6)::uuid`)}
          when a.target ~ ${TARGET_ID.admin} then ${staffNameOf(sql`substring(a.target from 7)::uuid`)}
        end as target_name
      from ${auditEntries} a
      where ${where}
      order by ${page.order}
      limit ${limit + 1}`),
  );
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    entries: shown.map(toEntry),
    next: rows.length > limit && last ? { at: last.pos_at, id: last.id } : null,
  };
}

const detailText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** A game's name from a details field ('yggdra' → 'Yggdra'), the key itself when it is no game of today. */
function gameNamed(value: unknown): string {
  const game = detailText(value);
  if (!game) return 'A game';
  return (GAMES as readonly string[]).includes(game) ? GAME_LABELS[game as Game] : game;
}

/**
 * The target of an entry written before its kind had one: a staff invitation, a game's webhook or a
 * delivery retried, as its details name them.
 */
function targetInDetails(action: string, details: Record<string, unknown>): string | null {
  const invitation = detailText(details.invitationId);
  if (invitation) return auditTarget.invitation(invitation);
  const delivery = detailText(details.deliveryId);
  if (delivery) return auditTarget.delivery(delivery);
  const game = detailText(details.game);
  if (game && action.startsWith('games.webhook_')) return auditTarget.webhook(game);
  return null;
}

/**
 * Targets that name themselves from their entry's details (so no other module's table is read): a staff
 * invitation by the address it went to, a game's webhook and one of its deliveries by the game.
 */
function nameInDetails(target: string, details: Record<string, unknown>): string | null {
  const kind = target.slice(0, target.indexOf(':'));
  if (kind === 'invitation') {
    const email = detailText(details.email);
    return email ? `Staff invitation to ${email}` : 'Staff invitation';
  }
  if (kind === 'webhook') return `${gameNamed(details.game ?? target.slice('webhook:'.length))} webhook`;
  if (kind === 'delivery') return `${gameNamed(details.game)} webhook delivery`;
  return null;
}

function toEntry(r: AuditRow): AuditEntry {
  const details = r.details ?? {};
  const target = r.target ?? targetInDetails(r.action, details);
  return {
    id: r.id,
    created_at: iso(r.created_at) ?? '',
    actor_kind: r.actor_kind,
    actor_id: r.actor_id,
    actor_label: r.actor_label,
    actor_name: r.actor_name,
    action: r.action,
    target,
    target_name: r.target_name ?? (target ? nameInDetails(target, details) : null),
    details,
    ip: r.ip,
  };
}

/**
 * One page of the audit trail, newest first, filtered by staff member, action, target and day range. Each
 * filter has its own (column, created_at) index, so a page costs the same at any depth (keyset on
 * created_at, id).
 */
export async function listAudit(
  ctx: ServiceContext,
  q: AuditQuery & {
    /** Leaves out one action (the player detail leaves out its own views). */ exceptAction?: string;
  },
): Promise<AuditPage> {
  const { entries, next } = await readAudit(ctx, q, decodePosition(q.after), AUDIT_PAGE_SIZE);
  return { entries, next: next ? encodePosition(next) : null };
}

/** Every entry of the filter, newest first, in batches (the owners' spreadsheet export). */
export async function* allAudit(ctx: ServiceContext, q: AuditFilter, batchSize = 2_000) {
  let after: Position | null = null;
  do {
    const batch = await readAudit(ctx, q, after, batchSize);
    yield batch.entries;
    after = batch.next;
  } while (after);
}

/** The filter's choices: every staff member, and every action written so far (lib/audit.ts). */
export async function auditFilters(ctx: ServiceContext): Promise<AuditFilters> {
  const staff = await allStaff(ctx);
  const actions = await writtenActions(ctx);
  return {
    actors: staff.map((s) => ({ id: s.id, label: `${s.name} (${s.email})` })),
    actions,
  };
}
