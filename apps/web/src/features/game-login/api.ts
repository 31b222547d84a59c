import type { LauncherLoginReply } from '@portal/contract';
import { api } from '../../lib/api';

export const gameLoginApi = {
  withPassword: (body: { email: string; password: string; developer: string | null }) =>
    api.post<LauncherLoginReply>('/api/login-caliber', body, { auth: 'none' }),
  withPin: (body: { user: string; pin: string; developer: string | null }) =>
    api.post<LauncherLoginReply>('/api/login-pin-caliber', body, { auth: 'none' }),
};

/** Carries the launcher's `developer` (and `user`) query along to another launcher page. */
export function launcherPath(path: string, params: { developer?: string | null; user?: string | null }) {
  const query = new URLSearchParams();
  if (params.user) query.set('user', params.user);
  if (params.developer !== null && params.developer !== undefined) query.set('developer', params.developer);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
