import { type AdminLoginRequest, adminAuthEndpoints } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The admin sign-in and sign-out calls (spec section 7). */
export const adminAuthApi = {
  /** With two-step verification on, the reply asks for the code step instead (POST /api/admin/login/mfa). */
  login: (body: AdminLoginRequest) => call(adminAuthEndpoints.login, { body }),
  /** Revokes the admin session of `token` (read before storage was cleared). */
  logout: (token: string) => call(adminAuthEndpoints.logout, {}, { token }),
};

export const useAdminLogin = () => useMutation({ mutationFn: adminAuthApi.login });
