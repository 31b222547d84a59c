import type { AdminLoginReply, AdminLoginRequest, MessageReply, MfaRequiredReply } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The admin sign-in and sign-out calls (spec section 7), typed by the contract. */
export const adminAuthApi = {
  /** With two-step verification on, the reply asks for the code step instead (POST /api/admin/login/mfa). */
  login: (body: AdminLoginRequest) =>
    api.post<AdminLoginReply | MfaRequiredReply>('/api/admin/login', body, { auth: 'none' }),
  /** Revokes the admin session of `token` (read before storage was cleared). */
  logout: (token: string) => api.post<MessageReply>('/api/admin/logout', undefined, { token }),
};

export const useAdminLogin = () => useMutation({ mutationFn: adminAuthApi.login });
