import {
  accountsEndpoints,
  adminAuthEndpoints,
  gameLoginEndpoints,
  type MfaLoginRequest,
  mfaEndpoints,
  type TotpDisableRequest,
  type TotpEnableRequest,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { ADMIN_MFA_STATUS_KEY } from '../../shell/guards';

/** Whose second factor: the player's (`/api/mfa`, player token) or the admin's (`/api/admin/mfa`, admin token). */
export type Audience = 'player' | 'admin';

const endpointsOf = {
  player: {
    status: mfaEndpoints.status,
    setup: mfaEndpoints.setup,
    enable: mfaEndpoints.enable,
    renewRecoveryCodes: mfaEndpoints.renewRecoveryCodes,
    disable: mfaEndpoints.disable,
  },
  admin: {
    status: mfaEndpoints.adminStatus,
    setup: mfaEndpoints.adminSetup,
    enable: mfaEndpoints.adminEnable,
    renewRecoveryCodes: mfaEndpoints.adminRenewRecoveryCodes,
    disable: mfaEndpoints.adminDisable,
  },
};

/** The caller's two-step status, as the status queries read it. */
const mfaStatusOf = (audience: Audience, signal?: AbortSignal) =>
  call(endpointsOf[audience].status, {}, { signal });

/** The second step of a sign-in: each flow completes at its own endpoint with its own reply. */
export const mfaSignIn = {
  /** After `POST /login` or the social `GET /api/get-user/{id}`. */
  player: (body: MfaLoginRequest) => call(accountsEndpoints.loginMfa, { body }),
  /** After the launcher's `POST /api/login-caliber`. */
  launcher: (body: MfaLoginRequest) => call(gameLoginEndpoints.withMfa, { body }),
  admin: (body: MfaLoginRequest) => call(adminAuthEndpoints.loginMfa, { body }),
};

/** The admin's status is the one the admin route guard reads, so turning TOTP on lets the admin through. */
const statusKey = (audience: Audience) =>
  audience === 'admin' ? ADMIN_MFA_STATUS_KEY : (['mfa-status', 'player'] as const);

export const useMfaStatus = (audience: Audience, token: string | null) =>
  useQuery({
    queryKey: [...statusKey(audience), token],
    queryFn: ({ signal }) => mfaStatusOf(audience, signal),
  });

/** Waits until the status on screen (and the admin guard's) is fresh again. */
export function useRefreshMfaStatus(audience: Audience) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: statusKey(audience) });
}

export const useTotpSetup = (audience: Audience) =>
  useMutation({ mutationFn: () => call(endpointsOf[audience].setup) });
export const useTotpEnable = (audience: Audience) =>
  useMutation({ mutationFn: (body: TotpEnableRequest) => call(endpointsOf[audience].enable, { body }) });
/** Behind a step-up: the API client's "Confirm it's you" dialog comes first. */
export const useRenewRecoveryCodes = (audience: Audience) =>
  useMutation({ mutationFn: () => call(endpointsOf[audience].renewRecoveryCodes) });
export const useTotpDisable = (audience: Audience) =>
  useMutation({ mutationFn: (body: TotpDisableRequest) => call(endpointsOf[audience].disable, { body }) });
