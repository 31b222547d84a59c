import { PASSKEY_MESSAGES, type PasskeyLoginOptionsReply } from '@portal/contract';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq, isNotNull } from 'drizzle-orm';
import { passkeyCredentials, webauthnChallenges } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { unauthenticated } from '../../lib/errors';
import type { SessionKind } from '../../lib/sessions';
import { consumeChallenge, storeChallenge } from './challenges';
import { type PasskeyOwner, record, relyingParty } from './owner';

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
  return { challenge_id: challengeId, options };
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
