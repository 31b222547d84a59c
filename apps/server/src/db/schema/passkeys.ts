import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountOwnerColumns, oneAccountOwner } from './account-owner';

/*
 * Passkeys (the passkeys module owns these; docs/decisions/0033-passkeys.md). A credential belongs to
 * exactly one player (user_id) or one admin (admin_id).
 */

/**
 * A WebAuthn credential: its id (base64url, as the browser reports it), its COSE public key (base64url),
 * the signature counter last seen (a later sign-in must count higher unless the authenticator keeps 0),
 * and the transports the browser reported, as hints for later sign-ins.
 */
export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...accountOwnerColumns(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkey_credentials_credential_key').on(t.credentialId),
    index('passkey_credentials_user_idx').on(t.userId),
    index('passkey_credentials_admin_idx').on(t.adminId),
    oneAccountOwner('passkey_credentials', t),
  ],
);

/**
 * A WebAuthn challenge, single-use and short-lived: 'register' ones belong to the account adding a
 * passkey; 'login' ones to nobody yet (the passkey names its account), only to an audience.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    audience: text('audience', { enum: ['player', 'admin'] }).notNull(),
    ...accountOwnerColumns(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);
