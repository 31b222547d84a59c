import { randomBytes } from 'node:crypto';
import {
  OIDC_MESSAGES,
  type OidcClient,
  type OidcClientCreate,
  type OidcClientUpdate,
  type OidcGrantType,
} from '@portal/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { oidcClients, oidcModels } from '../../db/schema/index';
import { writeAudit } from '../../lib/audit';
import type { ServiceContext, TxContext } from '../../lib/context';
import { AppError, type FieldErrors, notFound, validationError } from '../../lib/errors';
import type { Session } from '../../lib/sessions';
import { hashToken, randomToken } from '../../lib/tokens';

type ClientRow = typeof oidcClients.$inferSelect;
type Actor = Session | { kind: 'system'; label: string };

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * A loopback redirect (RFC 8252 7.3): desktop launchers listen on 127.0.0.1 or [::1] at any port. Not
 * `localhost` (RFC 8252 8.3: a name can resolve elsewhere), as the message says.
 */
const isLoopback = (url: URL, value: string) =>
  url.protocol === 'http:' &&
  ['127.0.0.1', '[::1]'].includes(url.hostname) &&
  // As written, not a spelling the URL parser turns into one (http://127.1, http://2130706433).
  /^http:\/\/(127\.0\.0\.1|\[::1\])(:\d+)?\//i.test(value);
/** A private-use scheme (RFC 8252 7.1): reverse domain, e.g. com.example.game:/callback. */
const isAppScheme = (url: URL) => /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol);

function redirectProblem(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return true;
  }
  if (url.hash || value.includes('#')) return true;
  // Redirects are compared exactly: a wildcard would only ever be a literal '*', or a mistake; credentials
  // in the address are no part of a redirect.
  if (value.includes('*') || url.username || url.password) return true;
  return !(url.protocol === 'https:' || isLoopback(url, value) || isAppScheme(url));
}

/** Native apps (loopback or app-scheme redirects, or none: devices) and web apps are checked differently. */
function applicationType(redirects: string[]): 'native' | 'web' {
  return redirects.length === 0 || redirects.some((r) => !r.startsWith('https:')) ? 'native' : 'web';
}

function checkApp(input: {
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  grant_types: OidcGrantType[];
}) {
  const errors: FieldErrors = {};
  const grants = new Set(input.grant_types);
  if (grants.has('refresh_token') && !grants.has('authorization_code') && !grants.has(DEVICE_GRANT))
    errors.grant_types = [OIDC_MESSAGES.refreshAlone];
  if (grants.has('authorization_code') && input.redirect_uris.length === 0)
    errors.redirect_uris = [OIDC_MESSAGES.redirectRequired];
  for (const field of ['redirect_uris', 'post_logout_redirect_uris'] as const) {
    if (input[field].some(redirectProblem)) errors[field] = [OIDC_MESSAGES.redirectInvalid];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** The app as the provider reads it (client metadata, RFC 7591 names); null when unknown or disabled. */
export async function findClientMetadata(ctx: ServiceContext, clientId: string) {
  const [row] = await ctx.db
    .select()
    .from(oidcClients)
    .where(and(eq(oidcClients.id, clientId), isNull(oidcClients.disabledAt)))
    .limit(1);
  if (!row) return null;
  const grantTypes = row.grantTypes as OidcGrantType[];
  return {
    client_id: row.id,
    client_name: row.name,
    application_type: applicationType(row.redirectUris),
    grant_types: grantTypes,
    response_types: grantTypes.includes('authorization_code') ? ['code'] : [],
    redirect_uris: row.redirectUris,
    post_logout_redirect_uris: row.postLogoutRedirectUris,
    // The provider compares the presented secret's hash with this (provider.ts): only hashes are stored.
    ...(row.type === 'confidential'
      ? { token_endpoint_auth_method: 'client_secret_basic', client_secret: row.secretHash ?? randomToken() }
      : { token_endpoint_auth_method: 'none' }),
  };
}

/** What the portal itself needs of an app: its name, first-party flag and game. */
export async function findApp(ctx: ServiceContext, clientId: string): Promise<ClientRow | null> {
  const [row] = await ctx.db.select().from(oidcClients).where(eq(oidcClients.id, clientId)).limit(1);
  return row ?? null;
}

function toReply(row: ClientRow): OidcClient {
  return {
    client_id: row.id,
    name: row.name,
    type: row.type,
    redirect_uris: row.redirectUris,
    post_logout_redirect_uris: row.postLogoutRedirectUris,
    grant_types: row.grantTypes as OidcGrantType[],
    first_party: row.firstParty,
    game: row.game,
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const newSecret = () => randomToken();

/** Registers an app; a confidential one gets a secret, shown this once (only its SHA-256 is kept). */
export async function createClient(
  ctx: ServiceContext,
  input: OidcClientCreate,
  actor: Actor,
  options: { ip?: string | null; clientId?: string } = {},
): Promise<{ client_id: string; client_secret?: string }> {
  checkApp(input);
  const clientId = options.clientId ?? `app_${randomBytes(12).toString('base64url')}`;
  const ip = options.ip ?? null;
  const secret = input.type === 'confidential' ? newSecret() : undefined;
  const now = ctx.clock.now();
  await ctx.transaction(async (tx) => {
    await tx.db.insert(oidcClients).values({
      id: clientId,
      name: input.name,
      type: input.type,
      redirectUris: input.redirect_uris,
      postLogoutRedirectUris: input.post_logout_redirect_uris,
      grantTypes: input.grant_types,
      firstParty: input.first_party,
      game: input.game,
      secretHash: secret ? hashToken(secret) : null,
      createdAt: now,
      updatedAt: now,
    });
    await writeAudit(tx, {
      actor,
      action: 'oidc.client_create',
      target: `app:${clientId}`,
      details: { clientId, name: input.name },
      ip,
    });
  });
  return secret ? { client_id: clientId, client_secret: secret } : { client_id: clientId };
}

export async function listClients(ctx: ServiceContext): Promise<{ clients: OidcClient[] }> {
  const rows = await ctx.db.select().from(oidcClients).orderBy(desc(oidcClients.createdAt));
  return { clients: rows.map(toReply) };
}

export async function getClient(ctx: ServiceContext, clientId: string): Promise<OidcClient> {
  const row = await findApp(ctx, clientId);
  if (!row) throw notFound(OIDC_MESSAGES.clientNotFound);
  return toReply(row);
}

/** Ends every grant, code and token of an app (disabled or deleted): they stop working at once. */
async function endAppAccess(tx: TxContext, clientId: string) {
  await tx.db.delete(oidcModels).where(eq(oidcModels.clientId, clientId));
}

/** Changes an app; disabling it also ends every grant and token it holds. */
export async function updateClient(
  ctx: ServiceContext,
  clientId: string,
  input: OidcClientUpdate,
  actor: Session,
  ip: string | null,
): Promise<OidcClient> {
  return ctx.transaction(async (tx) => {
    const [row] = await tx.db.select().from(oidcClients).where(eq(oidcClients.id, clientId)).for('update');
    if (!row) throw notFound(OIDC_MESSAGES.clientNotFound);
    const next = {
      redirect_uris: input.redirect_uris ?? row.redirectUris,
      post_logout_redirect_uris: input.post_logout_redirect_uris ?? row.postLogoutRedirectUris,
      grant_types: input.grant_types ?? (row.grantTypes as OidcGrantType[]),
    };
    checkApp(next);
    const now = ctx.clock.now();
    const disabling = input.disabled === true && row.disabledAt === null;
    const [updated] = await tx.db
      .update(oidcClients)
      .set({
        name: input.name ?? row.name,
        redirectUris: next.redirect_uris,
        postLogoutRedirectUris: next.post_logout_redirect_uris,
        grantTypes: next.grant_types,
        firstParty: input.first_party ?? row.firstParty,
        game: input.game === undefined ? row.game : input.game,
        disabledAt:
          input.disabled === undefined ? row.disabledAt : input.disabled ? (row.disabledAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(oidcClients.id, clientId))
      .returning();
    if (disabling) await endAppAccess(tx, clientId);
    await writeAudit(tx, {
      actor,
      action: 'oidc.client_update',
      target: `app:${clientId}`,
      details: { clientId, changed: Object.keys(input) },
      ip,
    });
    return toReply(updated!);
  });
}

/** Deletes an app with every grant and token it holds. */
export async function deleteClient(ctx: ServiceContext, clientId: string, actor: Session, ip: string | null) {
  await ctx.transaction(async (tx) => {
    const [row] = await tx.db.delete(oidcClients).where(eq(oidcClients.id, clientId)).returning();
    if (!row) throw notFound(OIDC_MESSAGES.clientNotFound);
    await endAppAccess(tx, clientId);
    await writeAudit(tx, {
      actor,
      action: 'oidc.client_delete',
      target: `app:${clientId}`,
      details: { clientId, name: row.name },
      ip,
    });
  });
  return { message: 'App deleted.' };
}

/** A new secret for a confidential app; the old one stops working at once. */
export async function rotateClientSecret(
  ctx: ServiceContext,
  clientId: string,
  actor: Session,
  ip: string | null,
) {
  const secret = newSecret();
  await ctx.transaction(async (tx) => {
    const [row] = await tx.db.select().from(oidcClients).where(eq(oidcClients.id, clientId)).for('update');
    if (!row) throw notFound(OIDC_MESSAGES.clientNotFound);
    if (row.type !== 'confidential') throw new AppError('PUBLIC_CLIENT', OIDC_MESSAGES.publicOnly);
    await tx.db
      .update(oidcClients)
      .set({ secretHash: hashToken(secret), updatedAt: ctx.clock.now() })
      .where(eq(oidcClients.id, clientId));
    await writeAudit(tx, {
      actor,
      action: 'oidc.client_rotate_secret',
      target: `app:${clientId}`,
      details: { clientId },
      ip,
    });
  });
  return { client_id: clientId, client_secret: secret };
}

/** The demo's app: a first-party public launcher with a loopback redirect and the device grant (README). */
const DEMO_APP_ID = 'demo-launcher';

export async function seedDemoApp(ctx: ServiceContext): Promise<Record<string, number> | null> {
  if (await findApp(ctx, DEMO_APP_ID)) return null;
  await createClient(
    ctx,
    {
      name: 'Demo Launcher',
      type: 'public',
      redirect_uris: ['http://127.0.0.1/callback'],
      post_logout_redirect_uris: ['http://127.0.0.1/signed-out'],
      grant_types: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
      first_party: true,
      game: 'caliber',
    },
    { kind: 'system', label: 'demo' },
    { clientId: DEMO_APP_ID },
  );
  return { apps: 1 };
}
