import type { StaffCapability, StaffRole } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf } from '../db/rows';
import { accessTokens } from '../db/schema/index';
import { accountDirectory } from './account-directory';
import type { ServiceContext } from './context';
import { forbidden } from './errors';
import { STAFF_ROLE_REFUSAL } from './guards';
import type { Session } from './sessions';
import { ROLE_CAPABILITIES } from './staff-access';
import { signPayload, verifyPayload } from './tokens';

/**
 * Signed download links, the one way a browser downloads an export (decision 0015). A navigation cannot
 * carry the bearer header, so a guarded route signs a link to the export: its path, its filter and the
 * session that asked for it, valid two minutes. Following it streams the file straight to disk.
 */

/** Long enough to follow the link at once, too short for one seen later (download history) to matter. */
export const DOWNLOAD_LINK_TTL_MS = 2 * 60 * 1000;

type LinkPayload = {
  /** The export's path. */
  p?: unknown;
  /** Its query (the filter) in canonical form. */
  q?: unknown;
  /** The session that asked for the link. */
  s?: unknown;
};

/** One spelling of a query: parameters sorted, the signature left out. */
function canonicalQuery(params: URLSearchParams): string {
  const rest = new URLSearchParams(params);
  rest.delete('signature');
  rest.sort();
  return rest.toString();
}

/** The raw path and query of a request, as the browser sent them. */
function addressOf(request: FastifyRequest): { path: string; params: URLSearchParams } {
  const mark = request.url.indexOf('?');
  if (mark < 0) return { path: request.url, params: new URLSearchParams() };
  return { path: request.url.slice(0, mark), params: new URLSearchParams(request.url.slice(mark + 1)) };
}

/**
 * A link to the export at `path` with `filter` as its query (undefined values left out) and a `signature`
 * standing in for `session`'s bearer token: valid DOWNLOAD_LINK_TTL_MS, for this path and filter only.
 */
export function signDownloadLink(
  ctx: ServiceContext,
  path: string,
  filter: Record<string, string | undefined>,
  session: Session,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value !== undefined) query.append(name, value);
  const payload: LinkPayload = { p: path, q: canonicalQuery(query), s: session.id };
  const expiresAt = new Date(ctx.clock.now().getTime() + DOWNLOAD_LINK_TTL_MS);
  query.append('signature', signPayload(ctx.config.SECRET_KEY, payload, expiresAt));
  return `${path}?${query.toString()}`;
}

/**
 * The session that signed a link, if it may still download: not signed out or expired, and its account
 * still allowed (an active admin; a player only while an active one with role 'admin', the sales
 * dashboard's rule, as only the sales export links a player's session).
 */
async function liveSigner(
  ctx: ServiceContext,
  sessionId: string,
): Promise<(Session & { staffRole?: StaffRole }) | null> {
  const { staff, players } = accountDirectory();
  const [row] = rowsOf<{
    kind: 'player' | 'admin';
    admin_id: string | null;
    user_id: string | null;
    admin_status: string | null;
    staff_role: StaffRole | null;
    role: string | null;
    account_status: string | null;
  }>(
    await ctx.db.execute(
      sql`select t.kind, t.admin_id, t.user_id, s.status as admin_status, s.role as staff_role, p.role,
            p.account_status
          from ${accessTokens} t
            left join ${staff} s on s.id = t.admin_id
            left join ${players} p on p.id = t.user_id
          where t.id = ${sessionId} and t.revoked_at is null and t.expires_at > ${ctx.clock.now()}`,
    ),
  );
  if (row?.kind === 'admin' && row.admin_id && row.admin_status === 'active' && row.staff_role)
    return { id: sessionId, kind: 'admin', subjectId: row.admin_id, staffRole: row.staff_role };
  if (row?.kind === 'player' && row.user_id && row.role === 'admin' && row.account_status === 'active')
    return { id: sessionId, kind: 'player', subjectId: row.user_id };
  return null;
}

const refusal = (exportAgainFrom: string) =>
  forbidden(`This download link is not valid or has expired. Export again from ${exportAgainFrom}.`);

/**
 * The session that signed the request's link. 403 with `Export again from {exportAgainFrom}.` when the
 * link is missing, tampered, expired, made for another export or filter, or its session or account ended;
 * 403 with the role refusal when a staff signer's role today lacks `staffNeed` (demoted since signing).
 */
export async function verifyDownloadLink(
  ctx: ServiceContext,
  request: FastifyRequest,
  exportAgainFrom: string,
  staffNeed?: StaffCapability,
): Promise<Session> {
  const { path, params } = addressOf(request);
  const signature = params.get('signature');
  const payload = signature
    ? verifyPayload<LinkPayload>(ctx.config.SECRET_KEY, signature, ctx.clock.now())
    : null;
  const session =
    payload?.p === path && payload.q === canonicalQuery(params) && typeof payload.s === 'string'
      ? await liveSigner(ctx, payload.s)
      : null;
  if (!session) throw refusal(exportAgainFrom);
  if (staffNeed && session.staffRole && !ROLE_CAPABILITIES[session.staffRole].includes(staffNeed))
    throw forbidden(STAFF_ROLE_REFUSAL);
  return { id: session.id, kind: session.kind, subjectId: session.subjectId };
}

/**
 * onRequest hook placed before `requireAdmin` on an export that API clients also call with the admin
 * bearer token: a request carrying `signature` is a browser following a link, authenticated by it (sets
 * `request.admin`, which requireAdmin then lets through); without one, requireAdmin asks for the token.
 */
export function acceptDownloadLink(ctx: ServiceContext, exportAgainFrom: string) {
  return async (request: FastifyRequest) => {
    if (!addressOf(request).params.has('signature')) return;
    const session = await verifyDownloadLink(ctx, request, exportAgainFrom);
    if (session.kind !== 'admin') throw refusal(exportAgainFrom);
    request.admin = session;
  };
}
