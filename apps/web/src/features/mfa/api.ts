import type { MfaLoginRequest, TotpDisableRequest, TotpEnableRequest } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { ADMIN_MFA_STATUS_KEY } from '../../shell/guards';

/** Whose second factor: the player's (`/api/mfa`, player token) or the admin's (`/api/admin/mfa`, admin token). */
export type Audience = 'player' | 'admin';

/*
 * The endpoints load with their schemas on the first call, not with the sign-in pages that import this
 * feature for their code step (decision 0060).
 */
const mfaEndpoints = () => import('@portal/contract/endpoints/mfa').then((module) => module.mfaEndpoints);

async function endpointsOf(audience: Audience) {
  const mfa = await mfaEndpoints();
  return audience === 'admin'
    ? {
        status: mfa.adminStatus,
        setup: mfa.adminSetup,
        enable: mfa.adminEnable,
        renewRecoveryCodes: mfa.adminRenewRecoveryCodes,
        disable: mfa.adminDisable,
      }
    : {
        status: mfa.status,
        setup: mfa.setup,
        enable: mfa.enable,
        renewRecoveryCodes: mfa.renewRecoveryCodes,
        disable: mfa.disable,
      };
}

/** The caller's two-step status, as the status queries read it. */
const mfaStatusOf = async (audience: Audience, signal?: AbortSignal) =>
  call((await endpointsOf(audience)).status, {}, { signal });

/** The second step of a sign-in: each flow completes at its own endpoint with its own reply. */
export const mfaSignIn = {
  /** After `POST /login` or the social `GET /api/get-user/{id}`. */
  player: async (body: MfaLoginRequest) => {
    const { accountsEndpoints } = await import('@portal/contract/endpoints/accounts');
    return call(accountsEndpoints.loginMfa, { body });
  },
  /** After the launcher's `POST /api/login-caliber`. */
  launcher: async (body: MfaLoginRequest) => {
    const { gameLoginEndpoints } = await import('@portal/contract/endpoints/game-login');
    return call(gameLoginEndpoints.withMfa, { body });
  },
  admin: async (body: MfaLoginRequest) => {
    const { adminAuthEndpoints } = await import('@portal/contract/endpoints/admin-auth');
    return call(adminAuthEndpoints.loginMfa, { body });
  },
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
  useMutation({ mutationFn: async () => call((await endpointsOf(audience)).setup) });
export const useTotpEnable = (audience: Audience) =>
  useMutation({
    mutationFn: async (body: TotpEnableRequest) => call((await endpointsOf(audience)).enable, { body }),
  });
/** Behind a step-up: the API client's "Confirm it's you" dialog comes first. */
export const useRenewRecoveryCodes = (audience: Audience) =>
  useMutation({ mutationFn: async () => call((await endpointsOf(audience)).renewRecoveryCodes) });
export const useTotpDisable = (audience: Audience) =>
  useMutation({
    mutationFn: async (body: TotpDisableRequest) => call((await endpointsOf(audience)).disable, { body }),
  });
