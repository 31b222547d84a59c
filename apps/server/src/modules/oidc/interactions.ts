import type { IncomingMessage, ServerResponse } from 'node:http';
import { OIDC_MESSAGES, OIDC_SCOPES, type OidcInteraction } from '@portal/contract';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Session } from '../../lib/sessions';
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
    throw new AppError('INTERACTION_NOT_FOUND', 404, OIDC_MESSAGES.interactionNotFound);
  return interaction;
}

async function appOf(ctx: ServiceContext, interaction: Interaction) {
  const app = await findApp(ctx.db, interaction.params.client_id ?? '');
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
  const grantId = interaction.grantId ?? (await findPlayerGrantId(ctx.db, accountId, clientId));
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
      409,
      'This sign-in request is waiting for your consent, not a sign-in.',
    );
  const app = await appOf(ctx, interaction);
  const user = await playerAllowedInApps(ctx, player.subjectId);
  const result: Record<string, unknown> = { login: { accountId: user.id, amr: ['portal'] } };
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
  await recordSecurityEvent(ctx.db, { userId: user.id, kind: 'app_sign_in', detail: app.name, ...client });
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
    throw new AppError('NOT_CONSENT_STEP', 409, 'Sign in first: this request is waiting for a sign-in.');
  const accountId = interaction.session?.accountId;
  if (accountId !== player.subjectId) throw forbidden('This sign-in request belongs to another account.');
  const app = await appOf(ctx, interaction);
  await playerAllowedInApps(ctx, accountId);
  const result = approve
    ? { consent: { grantId: await grantAll(ctx, provider, interaction, accountId, app.id) } }
    : { error: 'access_denied', error_description: 'The player did not allow access.' };
  const redirectTo = await provider.interactionResult(http.req, http.res, result, {
    mergeWithLastSubmission: true,
  });
  return { redirect_to: redirectTo };
}
