import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountOwnerColumns, oneAccountOwner } from './account-owner';

/*
 * Two-step verification (the mfa module owns these; docs/decisions/0031-two-step-verification.md). Each
 * row belongs to exactly one player (user_id) or one admin (admin_id).
 */

/**
 * A TOTP authenticator. `secret_encrypted` is the base32 secret sealed with AES-256-GCM under a key derived
 * from SECRET_KEY. `enabled_at` null: a setup waiting for its first code. `last_used_step` is the 30-second
 * step of the last accepted code: only later steps are accepted, so no code works twice.
 */
export const totpCredentials = pgTable(
  'totp_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...accountOwnerColumns(),
    secretEncrypted: text('secret_encrypted').notNull(),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('totp_credentials_user_key').on(t.userId),
    uniqueIndex('totp_credentials_admin_key').on(t.adminId),
    oneAccountOwner('totp_credentials', t),
  ],
);

/** Single-use recovery codes, stored as keyed hashes (HMAC-SHA-256); replaced when TOTP is turned on again. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => totpCredentials.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_code_key').on(t.credentialId, t.codeHash)],
);

/**
 * The second step of a sign-in whose password (or provider) was right: the SHA-256 of the `mfa_token`,
 * the account, the flow it may complete and what that flow needs afterwards (e.g. the launcher's
 * developer flag). Single-use and short-lived.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    ...accountOwnerColumns(),
    flow: text('flow', { enum: ['login', 'social', 'launcher', 'admin'] }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_challenges_expires_idx').on(t.expiresAt), oneAccountOwner('mfa_challenges', t)],
);
