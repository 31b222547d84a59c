import {
  PASSKEY_CHALLENGE_TTL_MINUTES,
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyLoginOptionsReply,
  TOTP_ISSUER,
} from '@portal/contract';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import { admins, passkeyCredentials, users, webauthnChallenges } from '../../db/schema/index';
import { auditOwnSecurity } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound, unauthenticated, validationError } from '../../lib/errors';
import type { SessionKind } from '../../lib/sessions';
import { recordSecurityEvent } from '../security';
import { sendPasskeyChangedEmail } from './emails';

/** Whose passkeys: a player (users.id) or an admin (admins.id). */
export interface PasskeyOwner {
  kind: SessionKind;
  id: string;
}

type CredentialRow = typeof passkeyCredentials.$inferSelect;

const CHALLENGE_TTL_MS = PASSKEY_CHALLENGE_TTL_MINUTES * 60_000;

/** The relying party is the portal's public address: its host name is the RP ID, its origin the origin. */
function relyingParty(ctx: ServiceContext) {
  const url = new URL(ctx.config.PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin, rpName: TOTP_ISSUER };
}

const credentialOwnedBy = (owner: PasskeyOwner) =>
  owner.kind === 'player'
    ? eq(passkeyCredentials.userId, owner.id)
    : eq(passkeyCredentials.adminId, owner.id);
const ownerColumns = (owner: PasskeyOwner) =>
  owner.kind === 'player' ? { userId: owner.id } : { adminId: owner.id };

const toPasskey = (row: CredentialRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

const record = (
  ctx: ServiceContext,
  owner: PasskeyOwner,
  kind: 'passkey_added' | 'passkey_removed' | 'sign_in_failed',
  client: ClientInfo,
  detail: string,
) => recordSecurityEvent(ctx.db, { ...ownerColumns(owner), kind, ...client, detail, at: ctx.clock.now() });

async function findAccount(ctx: ServiceContext, owner: PasskeyOwner) {
  const table = owner.kind === 'player' ? users : admins;
  const [row] = await ctx.db
    .select({ email: table.email, name: table.name })
    .from(table)
    .where(eq(table.id, owner.id))
    .limit(1);
  if (!row) throw unauthenticated();
  return row;
}

async function ownCredentials(ctx: ServiceContext, owner: PasskeyOwner): Promise<CredentialRow[]> {
  return ctx.db
    .select()
    .from(passkeyCredentials)
    .where(credentialOwnedBy(owner))
    .orderBy(asc(passkeyCredentials.createdAt), asc(passkeyCredentials.id));
}

/** GET .../passkeys: the account's passkeys, oldest first. */
export async function listPasskeys(ctx: ServiceContext, owner: PasskeyOwner): Promise<Passkey[]> {
  return (await ownCredentials(ctx, owner)).map(toPasskey);
}

async function storeChallenge(
  ctx: ServiceContext,
  challenge: string,
  purpose: 'register' | 'login',
  audience: SessionKind,
  owner?: PasskeyOwner,
): Promise<string> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(webauthnChallenges)
    .values({
      challenge,
      purpose,
      audience,
      ...(owner ? ownerColumns(owner) : {}),
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      createdAt: now,
    })
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

/** Marks a live challenge used (one conditional update, so it is used at most once); null when none. */
async function consumeChallenge(ctx: ServiceContext, match: ReturnType<typeof and>): Promise<string | null> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(and(match, isNull(webauthnChallenges.usedAt), gt(webauthnChallenges.expiresAt, now)))
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}

/**
 * POST .../passkeys/register/options: creation options for a discoverable passkey with user verification
 * (it signs in alone, as two factors), excluding the account's passkeys already added.
 */
export async function startPasskeyRegistration(ctx: ServiceContext, owner: PasskeyOwner) {
  const account = await findAccount(ctx, owner);
  const { rpID, rpName } = relyingParty(ctx);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: account.email,
    userDisplayName: account.name,
    // The account kind is part of the handle: a player and an admin with one address keep separate passkeys.
    userID: isoUint8Array.fromUTF8String(`${owner.kind}:${owner.id}`),
    attestationType: 'none',
    excludeCredentials: (await ownCredentials(ctx, owner)).map((c) => ({
      id: c.credentialId,
      transports: c.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(ctx, options.challenge, 'register', owner.kind, owner);
  return { options: options as unknown as Record<string, unknown> };
}

/** The challenge a response answers, from its clientDataJSON; null when that is not readable. */
function answeredChallenge(response: { response?: unknown }): string | null {
  const clientData = (response.response as { clientDataJSON?: unknown } | undefined)?.clientDataJSON;
  if (typeof clientData !== 'string') return null;
  try {
    const challenge = decodeClientDataJSON(clientData).challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

const notVerified = () => validationError({ response: [PASSKEY_MESSAGES.notVerified] });

/**
 * POST .../passkeys/register/verify: the response must answer a live registration challenge of this
 * account (used up either way) and verify for this RP and origin with user verification; 422 otherwise,
 * 409 when the passkey is already added (to any account). Tells the account by email.
 */
export async function finishPasskeyRegistration(
  ctx: ServiceContext,
  owner: PasskeyOwner,
  input: { name: string; response: Record<string, unknown> },
  client: ClientInfo,
): Promise<Passkey> {
  const challenge = answeredChallenge(input.response);
  const challengeOwner =
    owner.kind === 'player'
      ? eq(webauthnChallenges.userId, owner.id)
      : eq(webauthnChallenges.adminId, owner.id);
  const expected =
    challenge &&
    (await consumeChallenge(
      ctx,
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, 'register'),
        challengeOwner,
      ),
    ));
  if (!expected) throw notVerified();
  const { rpID, origin } = relyingParty(ctx);
  const verification = await verifyRegistrationResponse({
    response: input.response as unknown as RegistrationResponseJSON,
    expectedChallenge: expected,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw notVerified();
  const { credential } = verification.registrationInfo;
  const row = await ctx.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(passkeyCredentials)
      .values({
        ...ownerColumns(owner),
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing({ target: passkeyCredentials.credentialId })
      .returning();
    if (added) {
      const details = { passkeyId: added.id, name: added.name };
      await auditOwnSecurity(ctx, owner, { action: 'staff.passkey_added', ip: client.ip, details }, tx);
    }
    return added;
  });
  if (!row) throw new AppError('CONFLICT', 409, PASSKEY_MESSAGES.alreadyAdded);
  await sendPasskeyChangedEmail(ctx, await findAccount(ctx, owner), row.name, true, owner);
  await record(ctx, owner, 'passkey_added', client, row.name);
  return toPasskey(row);
}

/** PATCH .../passkeys/{id}: 404 for a passkey that is not the account's. */
export async function renamePasskey(
  ctx: ServiceContext,
  owner: PasskeyOwner,
  id: string,
  name: string,
): Promise<Passkey> {
  const [row] = await ctx.db
    .update(passkeyCredentials)
    .set({ name })
    .where(and(eq(passkeyCredentials.id, id), credentialOwnedBy(owner)))
    .returning();
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  return toPasskey(row);
}

/** DELETE .../passkeys/{id}: the session is proof enough; the account is told by email. 404 as above. */
export async function removePasskey(
  ctx: ServiceContext,
  owner: PasskeyOwner,
  id: string,
  client: ClientInfo,
): Promise<{ message: string }> {
  const row = await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeyCredentials)
      .where(and(eq(passkeyCredentials.id, id), credentialOwnedBy(owner)))
      .returning();
    if (removed) {
      const details = { passkeyId: removed.id, name: removed.name };
      await auditOwnSecurity(ctx, owner, { action: 'staff.passkey_removed', ip: client.ip, details }, tx);
    }
    return removed;
  });
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  await sendPasskeyChangedEmail(ctx, await findAccount(ctx, owner), row.name, false, owner);
  await record(ctx, owner, 'passkey_removed', client, row.name);
  return { message: PASSKEY_MESSAGES.removed };
}

/**
 * POST .../passkeys/login/options: a sign-in challenge for one audience, with no allowed credentials (the
 * browser offers its discoverable passkeys for this site).
 */
export async function startPasskeySignIn(
  ctx: ServiceContext,
  audience: SessionKind,
): Promise<PasskeyLoginOptionsReply> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    userVerification: 'required',
  });
  const challengeId = await storeChallenge(ctx, options.challenge, 'login', audience);
  return { challenge_id: challengeId, options: options as unknown as Record<string, unknown> };
}

/**
 * POST .../passkeys/login/verify: the challenge must be live and of this audience (used up either way), the
 * passkey one of this audience's, the signature right with user verification and the counter higher than
 * before (unless the authenticator keeps none); 401 otherwise. Answers whose account it is; the caller
 * checks the account's rules and opens the session.
 */
export async function verifyPasskeySignIn(
  ctx: ServiceContext,
  audience: SessionKind,
  input: { challenge_id: string; response: Record<string, unknown> },
  client: ClientInfo,
): Promise<PasskeyOwner> {
  const failed = () => unauthenticated(PASSKEY_MESSAGES.signInFailed);
  const expected = await consumeChallenge(
    ctx,
    and(
      eq(webauthnChallenges.id, input.challenge_id),
      eq(webauthnChallenges.purpose, 'login'),
      eq(webauthnChallenges.audience, audience),
    ),
  );
  if (!expected) throw failed();
  const ofAudience =
    audience === 'player' ? isNotNull(passkeyCredentials.userId) : isNotNull(passkeyCredentials.adminId);
  const [credential] = await ctx.db
    .select()
    .from(passkeyCredentials)
    .where(and(eq(passkeyCredentials.credentialId, String(input.response.id)), ofAudience))
    .limit(1);
  if (!credential) throw failed();
  const owner: PasskeyOwner = credential.userId
    ? { kind: 'player', id: credential.userId }
    : { kind: 'admin', id: credential.adminId! };
  const { rpID, origin } = relyingParty(ctx);
  const verification = await verifyAuthenticationResponse({
    response: input.response as unknown as AuthenticationResponseJSON,
    expectedChallenge: expected,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: credential.credentialId,
      publicKey: isoBase64URL.toBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports as AuthenticatorTransportFuture[],
    },
  }).catch(() => null);
  // The counter moves only from the value checked, so two sign-ins racing with one response cannot both pass.
  const [used] = verification?.verified
    ? await ctx.db
        .update(passkeyCredentials)
        .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: ctx.clock.now() })
        .where(
          and(eq(passkeyCredentials.id, credential.id), eq(passkeyCredentials.counter, credential.counter)),
        )
        .returning({ id: passkeyCredentials.id })
    : [];
  if (!used) {
    await record(ctx, owner, 'sign_in_failed', client, 'passkey');
    throw failed();
  }
  return owner;
}

/** Scheduled clean-up: challenges an hour past their expiry. */
export async function purgeWebauthnChallenges(ctx: ServiceContext): Promise<void> {
  const cutoff = new Date(ctx.clock.now().getTime() - 60 * 60_000);
  await ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, cutoff));
}
