import type { ProfileUser } from '@portal/contract';
import { api } from '../../lib/api';

/** Calls of the accounts feature (spec section 7). */
export const accountsApi = {
  profile: (signal?: AbortSignal) => api.get<{ user: ProfileUser }>('/api/profile', { signal }),
  updateProfile: (body: unknown) => api.post<{ user: ProfileUser; message: string }>('/profile/update', body),
  registerGame: (body: { game: string; nickname?: string; pin?: string; password?: string }) =>
    api.post<{ user: ProfileUser; message: string }>('/profile/register-game', body),
  register: (body: unknown) => api.post<{ message: string }>('/register', body, { auth: 'none' }),
  verifyEmail: (uuid: string, game: string) =>
    api.post<{ message: string; game?: string }>(
      `/verifyemail/${encodeURIComponent(uuid)}/${encodeURIComponent(game)}`,
      undefined,
      { auth: 'none' },
    ),
  resendEmail: (email: string) => api.post<{ message: string }>('/resendEmail', { email }, { auth: 'none' }),
  forgotPassword: (email: string) =>
    api.post<{ message: string }>('/sendForgotPassword', { email }, { auth: 'none' }),
  resetPassword: (body: { new_password: string; new_password_confirmation: string; token: string }) =>
    api.post<{ message: string; game: string }>('/reset-password', body, { auth: 'none' }),
  referralVisit: (code: string) =>
    api.post<{ counted: boolean }>('/api/referral-visit', { referral_code: code }, { auth: 'none' }),
};

export const PROFILE_KEY = ['accounts', 'profile'] as const;
