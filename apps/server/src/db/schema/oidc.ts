import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Everything oidc-provider stores (sessions, interactions, grants, codes, tokens, device codes), one row per
 * model and id with the provider's payload as it is. The columns beside the payload are copies of its fields
 * that the provider (grant, uid, user code) or the portal (the player's and the app's grants) look rows up
 * by. docs/decisions/0041-openid-provider.md.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    /** The player (`accountId`) and app (`clientId`) of grants and tokens. */
    accountId: text('account_id'),
    clientId: text('client_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Grants only: when an app last received tokens under it (the player's list of apps shows it). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Device codes only: the last poll of the token endpoint (RFC 8628 slow_down). */
    polledAt: timestamp('polled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId).where(sql`${t.grantId} is not null`),
    index('oidc_models_uid_idx').on(t.uid).where(sql`${t.uid} is not null`),
    index('oidc_models_user_code_idx').on(t.userCode).where(sql`${t.userCode} is not null`),
    index('oidc_models_account_idx').on(t.accountId, t.model).where(sql`${t.accountId} is not null`),
    index('oidc_models_client_idx').on(t.clientId, t.model).where(sql`${t.clientId} is not null`),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/** The apps (OAuth clients) staff register; fed to the provider as its Client model. */
export const oidcClients = pgTable(
  'oidc_clients',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type', { enum: ['public', 'confidential'] }).notNull(),
    redirectUris: text('redirect_uris').array().notNull().default(sql`'{}'::text[]`),
    postLogoutRedirectUris: text('post_logout_redirect_uris').array().notNull().default(sql`'{}'::text[]`),
    grantTypes: text('grant_types').array().notNull(),
    firstParty: boolean('first_party').notNull().default(false),
    /** The game the app belongs to: its players' nickname in that game is the `nickname` claim. */
    game: text('game', { enum: ['caliber', 'talesrunner', 'yggdra'] }),
    /** SHA-256 of the client secret (confidential apps); the secret is shown once. */
    secretHash: text('secret_hash'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oidc_clients_created_idx').on(t.createdAt)],
);

/** The provider's signing keys, each private JWK sealed with a SECRET_KEY-derived key. */
export const oidcSigningKeys = pgTable('oidc_signing_keys', {
  kid: text('kid').primaryKey(),
  sealedJwk: text('sealed_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When a newer key took over signing; the key stays in the JWKS until tokens it signed have expired. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
