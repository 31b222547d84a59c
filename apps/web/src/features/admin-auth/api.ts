import type { AdminLoginReply, AdminLoginRequest } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The admin sign-in call (spec section 7), typed by the contract. */
const adminAuthApi = {
  login: (body: AdminLoginRequest) => api.post<AdminLoginReply>('/api/admin/login', body, { auth: 'none' }),
};

export const useAdminLogin = () => useMutation({ mutationFn: adminAuthApi.login });
