import type {
  AdminLoginReply,
  LauncherLoginReply,
  LoginReply,
  MessageReply,
  MfaLoginRequest,
  MfaStatusReply,
  TotpDisableRequest,
  TotpEnableReply,
  TotpEnableRequest,
  TotpSetupReply,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ADMIN_MFA_STATUS_KEY } from '../../shell/guards';

/** Whose second factor: the player's (`/api/mfa`, player token) or the admin's (`/api/admin/mfa`, admin token). */
export type Audience = 'player' | 'admin';

const base = (audience: Audience) => (audience === 'admin' ? '/api/admin/mfa' : '/api/mfa');

const mfaApi = {
  status: (audience: Audience, signal?: AbortSignal) =>
    api.get<MfaStatusReply>(base(audience), { auth: audience, signal }),
  setup: (audience: Audience) =>
    api.post<TotpSetupReply>(`${base(audience)}/totp/setup`, undefined, { auth: audience }),
  enable: (audience: Audience, body: TotpEnableRequest) =>
    api.post<TotpEnableReply>(`${base(audience)}/totp/enable`, body, { auth: audience }),
  disable: (audience: Audience, body: TotpDisableRequest) =>
    api.post<MessageReply>(`${base(audience)}/totp/disable`, body, { auth: audience }),
  /** Behind a step-up: the API client's "Confirm it's you" dialog comes first. */
  renewRecoveryCodes: (audience: Audience) =>
    api.post<TotpEnableReply>(`${base(audience)}/recovery-codes`, undefined, { auth: audience }),
};

/**
 * The second step of a sign-in: each flow completes at its own route with its own reply (contract:
 * `playerMfaLoginReplySchema`, `launcherMfaLoginReplySchema`, `adminMfaLoginReplySchema`); only types come from the contract, as
 * the login pages must not load zod.
 */
export const mfaSignIn = {
  /** After `POST /login` or the social `GET /api/get-user/{id}`. */
  player: (body: MfaLoginRequest) => api.post<LoginReply>('/login/mfa', body, { auth: 'none' }),
  /** After the launcher's `POST /api/login-caliber`. */
  launcher: (body: MfaLoginRequest) =>
    api.post<LauncherLoginReply>('/api/login-caliber/mfa', body, { auth: 'none' }),
  admin: (body: MfaLoginRequest) => api.post<AdminLoginReply>('/api/admin/login/mfa', body, { auth: 'none' }),
};

/** The admin's status is the one the admin route guard reads, so turning TOTP on lets the admin through. */
const statusKey = (audience: Audience) =>
  audience === 'admin' ? ADMIN_MFA_STATUS_KEY : (['mfa-status', 'player'] as const);

export const useMfaStatus = (audience: Audience, token: string | null) =>
  useQuery({
    queryKey: [...statusKey(audience), token],
    queryFn: ({ signal }) => mfaApi.status(audience, signal),
  });

/** Waits until the status on screen (and the admin guard's) is fresh again. */
export function useRefreshMfaStatus(audience: Audience) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: statusKey(audience) });
}

export const useTotpSetup = (audience: Audience) => useMutation({ mutationFn: () => mfaApi.setup(audience) });
export const useTotpEnable = (audience: Audience) =>
  useMutation({ mutationFn: (body: TotpEnableRequest) => mfaApi.enable(audience, body) });
export const useRenewRecoveryCodes = (audience: Audience) =>
  useMutation({ mutationFn: () => mfaApi.renewRecoveryCodes(audience) });
export const useTotpDisable = (audience: Audience) =>
  useMutation({ mutationFn: (body: TotpDisableRequest) => mfaApi.disable(audience, body) });
