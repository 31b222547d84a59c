import { gameLoginEndpoints, type LauncherPasswordLogin, type LauncherPinLogin } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The Caliber launcher sign-in (spec section 7); with two-step verification on, the reply asks for the code. */
export const usePasswordLogin = () =>
  useMutation({
    mutationFn: (body: LauncherPasswordLogin) => call(gameLoginEndpoints.withPassword, { body }),
  });
export const usePinLogin = () =>
  useMutation({ mutationFn: (body: LauncherPinLogin) => call(gameLoginEndpoints.withPin, { body }) });

/** Carries the launcher's `developer` (and `user`) query along to another launcher page. */
export function launcherPath(path: string, params: { developer?: string | null; user?: string | null }) {
  const query = new URLSearchParams();
  if (params.user) query.set('user', params.user);
  if (params.developer !== null && params.developer !== undefined) query.set('developer', params.developer);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
