import { PASSKEY_MESSAGES, type Passkey } from '@portal/contract';
import {
  type AuthenticatorTransportFuture,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, eq } from 'drizzle-orm';
import { passkeyCredentials, webauthnChallenges } from '../../db/schema/index';
import { auditOwnSecurity } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError, validationError } from '../../lib/errors';
import { answeredChallenge, consumeChallenge, storeChallenge } from './challenges';
import { sendPasskeyChangedEmail } from './emails';
import {
  findAccount,
  ownCredentials,
  ownerColumns,
  type PasskeyOwner,
  record,
  relyingParty,
  toPasskey,
} from './owner';

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
  return { options };
}

const notVerified = () => validationError({ response: [PASSKEY_MESSAGES.notVerified] });

/**
 * POST .../passkeys/register/verify: the response must answer a live registration challenge of this
 * account (used up either way) and verify for this RP and origin with user verification; 422 otherwise,
 * 409 when the passkey is already added (to any account). Tells the account by email: the passkey, the
 * staff audit entry and the email are one unit of work; the security history is written after it commits.
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
  const row = await ctx.transaction(async (tx) => {
    const [added] = await tx.db
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
    if (!added) return null;
    const details = { passkeyId: added.id, name: added.name };
    await auditOwnSecurity(tx, owner, { action: 'staff.passkey_added', ip: client.ip, details });
    await sendPasskeyChangedEmail(tx, await findAccount(tx, owner), added.name, true, owner);
    return added;
  });
  if (!row) throw new AppError('CONFLICT', PASSKEY_MESSAGES.alreadyAdded);
  await record(ctx, owner, 'passkey_added', client, row.name);
  return toPasskey(row);
}
