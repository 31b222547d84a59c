import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  OIDC_MESSAGES,
  OIDC_SCOPES,
  type OidcInteraction,
  STEP_UP_MESSAGES,
  STEP_UP_MINUTES,
  STEP_UP_REQUIRED_CODE,
} from '@portal/contract';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { type Session, sessionProofTimes } from '../../lib/sessions';
import { recordSecurityEvent } from '../security/index';
import { playerAllowedInApps } from './account';
import { findApp } from './clients';
import { findPlayerGrantId } from './grants';

/** The request and reply the provider reads its interaction cookie from. */
export interface RawHttp {
  req: IncomingMessage;
  res: ServerResponse;
}

const knownScopes = new Set<string>(OIDC_SCOPES);
const requestedScopes = (interaction: Interaction) =>
  (interaction.params.scope ?? '').split(' ').filter((s) => knownScopes.has(s));

/**
 * The interaction of this browser: the provider's cookie (set on the path of this API when the provider sent
 * the browser here) must name it, so a link opened in another browser cannot finish someone else's sign-in.
 */
async function interactionOf(provider: Provider, http: RawHttp, uid: string): Promise<Interaction> {
  const interaction = await provider.interactionDetails(http.req, http.res).catch(() => null);
  if (!interaction || interaction.uid !== uid)
    throw new AppError('INTERACTION_NOT_FOUND', OIDC_MESSAGES.interactionNotFound);
  return interaction;
}

async function appOf(ctx: ServiceContext, interaction: Interaction) {
  const app = await findApp(ctx, interaction.params.client_id ?? '');
  if (!app || app.disabledAt) throw notFound(OIDC_MESSAGES.appDisabled);
  return app;
}

/** GET /api/oidc/interaction/{uid}: which app asks, for what, and whether sign-in or consent is due. */
export async function describeInteraction(
  ctx: ServiceContext,
  provider: Provider,
  http: RawHttp,
  uid: string,
): Promise<OidcInteraction> {
  const interaction = await interactionOf(provider, http, uid);
  const app = await appOf(ctx, interaction);
  return {
    uid: interaction.uid,
    prompt: interaction.prompt.name === 'login' ? 'login' : 'consent',
    client: { client_id: app.id, name: app.name, first_party: app.firstParty },
    scopes: requestedScopes(interaction),
  };
}

/** A grant for the player and app with every scope asked (first-party apps, and a player's approval). */
async function grantAll(
  ctx: ServiceContext,
  provider: Provider,
  interaction: Interaction,
  accountId: string,
  clientId: string,
) {
  const grantId = interaction.grantId ?? (await findPlayerGrantId(ctx, accountId, clientId));
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
  };
  const scopes = details.missingOIDCScope ?? requestedScopes(interaction);
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  if (details.missingOIDCClaims?.length) grant.addOIDCClaims(details.missingOIDCClaims);
  return grant.save();
}

/**
 * When the player last proved themselves in this portal session: its sign-in, or a later step-up (which
 * lasts STEP_UP_MINUTES from the moment it was made). The app's `auth_time`.
 */
async function provedAt(ctx: ServiceContext, player: Session): Promise<Date> {
  const row = await sessionProofTimes(ctx, player.id);
  const signedIn = row?.createdAt ?? ctx.clock.now();
  const steppedUp = row?.stepUpUntil ? row.stepUpUntil.getTime() - STEP_UP_MINUTES * 60_000 : 0;
  return new Date(Math.max(signedIn.getTime(), steppedUp));
}

/**
 * Whether a proof made at `proved` answers the app's request: `prompt=login` wants one made after the request
 * began (a sign-in on the way, or a step-up), `max_age` one at most that many seconds old (or made during the
 * request). Anything else takes the portal session as it is.
 */
function proofAnswers(ctx: ServiceContext, interaction: Interaction, proved: Date): boolean {
  const began = ((interaction as Interaction & { iat?: number }).iat ?? Math.floor(Date.now() / 1000)) * 1000;
  const prompts = String(interaction.params.prompt ?? '').split(' ');
  const duringRequest = proved.getTime() >= began;
  if (prompts.includes('login') && !duringRequest) return false;
  const maxAge = Number(interaction.params.max_age);
  if (interaction.params.max_age !== undefined && Number.isFinite(maxAge) && !duringRequest)
    return proved.getTime() >= ctx.clock.now().getTime() - maxAge * 1000;
  return true;
}

/**
 * POST /api/oidc/interaction/{uid}/login: the player signed in to the portal (any method, with every rule of
 * the portal's sign-in) and their session finishes the app's sign-in step. A first-party app needs no
 * consent. Answers where the browser goes next.
 */
export async function loginToApp(
  ctx: ServiceContext,
  provider: Provider,
  http: RawHttp,
  uid: string,
  player: Session,
  client: ClientInfo,
): Promise<{ redirect_to: string }> {
  const interaction = await interactionOf(provider, http, uid);
  if (interaction.prompt.name !== 'login')
    throw new AppError(
      'NOT_SIGN_IN_STEP',
      'This sign-in request is waiting for your consent, not a sign-in.',
    );
  const app = await appOf(ctx, interaction);
  const user = await playerAllowedInApps(ctx, player.subjectId, app.game);
  // prompt=login and max_age are the app asking for a fresh proof: the portal session alone does not answer
  // them (the web app's confirm dialog makes the step-up, then asks again).
  const proved = await provedAt(ctx, player);
  if (!proofAnswers(ctx, interaction, proved))
    throw new AppError(STEP_UP_REQUIRED_CODE, STEP_UP_MESSAGES.required);
  const result: Record<string, unknown> = {
    // auth_time is when the player proved themselves, not now; the portal session that did is remembered
    // with the provider's, so the app's sign-out (RP-initiated logout) ends it too.
    login: { accountId: user.id, amr: ['portal'], ts: Math.floor(proved.getTime() / 1000) },
    portalSession: player.id,
  };
  if (app.firstParty) {
    // The consent step comes after sign-in; a first-party app's grant is made now, so it is skipped.
    const grantId = await grantAll(
      ctx,
      provider,
      { ...interaction, prompt: { ...interaction.prompt, details: {} } },
      user.id,
      app.id,
    );
    result.consent = { grantId };
  }
  const redirectTo = await provider.interactionResult(http.req, http.res, result, {
    mergeWithLastSubmission: false,
  });
  await recordSecurityEvent(ctx, { userId: user.id, kind: 'app_sign_in', detail: app.name, ...client });
  return { redirect_to: redirectTo };
}

/**
 * POST /api/oidc/interaction/{uid}/consent: the signed-in player allows the app what it asked (remembered per
 * app and scope: the grant), or refuses (the app hears access_denied).
 */
export async function consentToApp(
  ctx: ServiceContext,
  provider: Provider,
  http: RawHttp,
  uid: string,
  player: Session,
  approve: boolean,
): Promise<{ redirect_to: string }> {
  const interaction = await interactionOf(provider, http, uid);
  if (interaction.prompt.name !== 'consent')
    throw new AppError('NOT_CONSENT_STEP', 'Sign in first: this request is waiting for a sign-in.');
  const accountId = interaction.session?.accountId;
  if (accountId !== player.subjectId) throw forbidden('This sign-in request belongs to another account.');
  const app = await appOf(ctx, interaction);
  await playerAllowedInApps(ctx, accountId, app.game);
  const result = approve
    ? { consent: { grantId: await grantAll(ctx, provider, interaction, accountId, app.id) } }
    : { error: 'access_denied', error_description: 'The player did not allow access.' };
  const redirectTo = await provider.interactionResult(http.req, http.res, result, {
    mergeWithLastSubmission: true,
  });
  return { redirect_to: redirectTo };
}
