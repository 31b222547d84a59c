import { OIDC_MESSAGES, OIDC_SCOPES, type OidcDevice } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { DeviceCode } from 'oidc-provider';
import { rowsOf } from '../../db/rows';
import { oidcModels } from '../../db/schema/index';
import type { ClientInfo } from '../../lib/client-info';
import type { ServiceContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import type { Session } from '../../lib/sessions';
import { recordSecurityEvent } from '../security/index';
import { playerAllowedInApps } from './account';
import { findApp } from './clients';
import { findPlayerGrantId } from './grants';

/** The code as the provider stores it: the characters of its alphabet, upper case, no dashes or spaces. */
const normalized = (userCode: string) => userCode.toUpperCase().replace(/[^A-Z]/g, '');
/** The code as the device shows it, XXXX-XXXX. */
const shown = (code: string) => (code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code);

const knownScopes = new Set<string>(OIDC_SCOPES);

/** An open device request by its user code: unknown, expired and answered ones are refused. */
async function openRequest(ctx: ServiceContext, provider: Provider, userCode: string) {
  const code = normalized(userCode);
  const device = code
    ? await provider.DeviceCode.findByUserCode(code, { ignoreExpiration: true })
    : undefined;
  if (!device) throw notFound(OIDC_MESSAGES.codeUnknown);
  if (device.isExpired) throw new AppError('CODE_EXPIRED', OIDC_MESSAGES.codeExpired);
  if (device.error || device.accountId || device.inFlight)
    throw new AppError('CODE_USED', OIDC_MESSAGES.codeUsed);
  const app = await findApp(ctx, device.clientId);
  if (!app || app.disabledAt) throw notFound(OIDC_MESSAGES.appDisabled);
  return { device, app };
}

const scopesOf = (device: DeviceCode) =>
  (device.params.scope ?? '').split(' ').filter((s) => knownScopes.has(s));

/** POST /api/oidc/device: what the device with this code asks, for the player to check before approving. */
export async function describeDevice(
  ctx: ServiceContext,
  provider: Provider,
  userCode: string,
  player: Session,
): Promise<OidcDevice> {
  const { device, app } = await openRequest(ctx, provider, userCode);
  await playerAllowedInApps(ctx, player.subjectId, app.game);
  return {
    user_code: shown(device.userCode),
    client: { client_id: app.id, name: app.name, first_party: app.firstParty },
    scopes: scopesOf(device),
  };
}

/**
 * POST /api/oidc/device/decision: the signed-in player approves the device (the app's grant gets the scopes
 * asked, so its next poll receives tokens) or denies it (its next poll hears access_denied).
 */
export async function decideDevice(
  ctx: ServiceContext,
  provider: Provider,
  input: { user_code: string; approve: boolean },
  player: Session,
  client: ClientInfo,
): Promise<{ message: string }> {
  const { device, app } = await openRequest(ctx, provider, input.user_code);
  const user = await playerAllowedInApps(ctx, player.subjectId, app.game);
  if (!input.approve) {
    Object.assign(device, { error: 'access_denied', errorDescription: 'The player did not allow access.' });
    await device.save();
    return { message: OIDC_MESSAGES.deviceDenied };
  }
  const scopes = scopesOf(device);
  const stored = await findPlayerGrantId(ctx, user.id, app.id);
  const grant =
    (stored ? await provider.Grant.find(stored) : undefined) ??
    new provider.Grant({ accountId: user.id, clientId: app.id });
  if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
  const grantId = await grant.save();
  Object.assign(device, {
    accountId: user.id,
    grantId,
    scope: scopes.join(' '),
    authTime: Math.floor(Date.now() / 1000),
    amr: ['portal'],
  });
  await device.save();
  await recordSecurityEvent(ctx, { userId: user.id, kind: 'app_sign_in', detail: app.name, ...client });
  return { message: OIDC_MESSAGES.deviceApproved };
}

/**
 * RFC 8628 3.5: a device polling the token endpoint sooner than the interval after its last poll hears
 * slow_down. One statement records the poll and reads the previous one, so several processes agree.
 */
export async function pollTooSoon(ctx: ServiceContext, deviceCode: string): Promise<boolean> {
  const now = ctx.clock.now();
  const [row] = rowsOf<{ previous_ms: number | string | null }>(
    await ctx.db.execute(sql`
    update ${oidcModels} m set polled_at = ${now.toISOString()}::timestamptz
    from (select polled_at as previous from ${oidcModels}
          where model = 'DeviceCode' and id = ${deviceCode} for update) p
    where m.model = 'DeviceCode' and m.id = ${deviceCode}
    returning (extract(epoch from p.previous) * 1000)::float8 as previous_ms`),
  );
  if (row?.previous_ms == null) return false;
  return now.getTime() - Number(row.previous_ms) < ctx.config.DEVICE_POLL_INTERVAL_SECONDS * 1000;
}
