import type {
  LauncherLoginReply,
  LauncherPasswordLogin,
  LauncherPinLogin,
  MfaRequiredReply,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The Caliber launcher sign-in calls (spec section 7), typed by the contract. */
const gameLoginApi = {
  /** With two-step verification on, the reply asks for the code step instead (POST /api/login-caliber/mfa). */
  withPassword: (body: LauncherPasswordLogin) =>
    api.post<LauncherLoginReply | MfaRequiredReply>('/api/login-caliber', body, { auth: 'none' }),
  withPin: (body: LauncherPinLogin) =>
    api.post<LauncherLoginReply>('/api/login-pin-caliber', body, { auth: 'none' }),
};

export const usePasswordLogin = () => useMutation({ mutationFn: gameLoginApi.withPassword });
export const usePinLogin = () => useMutation({ mutationFn: gameLoginApi.withPin });

/** Carries the launcher's `developer` (and `user`) query along to another launcher page. */
export function launcherPath(path: string, params: { developer?: string | null; user?: string | null }) {
  const query = new URLSearchParams();
  if (params.user) query.set('user', params.user);
  if (params.developer !== null && params.developer !== undefined) query.set('developer', params.developer);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
