import type {
  EmailChangeCancelRequest,
  emailRequestSchema,
  LoginReply,
  LoginRequest,
  MessageReply,
  MfaRequiredReply,
  ProfileUpdateRequest,
  profileReplySchema,
  ReferralVisitReply,
  ReferralVisitRequest,
  RegisterGameRequest,
  RegisterRequest,
  resetPasswordReplySchema,
  resetPasswordRequestSchema,
  SecureAccountReply,
  SecureAccountRequest,
  UserReply,
  VerifyEmailParams,
  VerifyEmailReply,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

export type EmailRequest = z.input<typeof emailRequestSchema>;
type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
type ResetPasswordReply = z.infer<typeof resetPasswordReplySchema>;
type ProfileReply = z.infer<typeof profileReplySchema>;

/**
 * Calls of the accounts feature (spec section 7), typed by the contract. Only types come from it here: the
 * login page loads this module, and a value from the contract's main entry would bring zod along.
 */
export const accountsApi = {
  /** With two-step verification on, the reply asks for the code step instead (POST /login/mfa). */
  login: (body: LoginRequest) => api.post<LoginReply | MfaRequiredReply>('/login', body, { auth: 'none' }),
  profile: (signal?: AbortSignal) => api.get<ProfileReply>('/api/profile', { signal }),
  updateProfile: (body: ProfileUpdateRequest) => api.post<UserReply>('/profile/update', body),
  registerGame: (body: RegisterGameRequest) => api.post<UserReply>('/profile/register-game', body),
  register: (body: RegisterRequest) => api.post<MessageReply>('/register', body, { auth: 'none' }),
  verifyEmail: ({ uuid, game }: VerifyEmailParams) =>
    api.post<VerifyEmailReply>(
      `/verifyemail/${encodeURIComponent(uuid)}/${encodeURIComponent(game)}`,
      undefined,
      { auth: 'none' },
    ),
  resendEmail: (body: EmailRequest) => api.post<MessageReply>('/resendEmail', body, { auth: 'none' }),
  forgotPassword: (body: EmailRequest) =>
    api.post<MessageReply>('/sendForgotPassword', body, { auth: 'none' }),
  resetPassword: (body: ResetPasswordRequest) =>
    api.post<ResetPasswordReply>('/reset-password', body, { auth: 'none' }),
  referralVisit: (body: ReferralVisitRequest) =>
    api.post<ReferralVisitReply>('/api/referral-visit', body, { auth: 'none' }),
  cancelEmailChange: (body: EmailChangeCancelRequest) =>
    api.post<MessageReply>('/api/email-change/cancel', body, { auth: 'none' }),
  secureAccount: (body: SecureAccountRequest) =>
    api.post<SecureAccountReply>('/api/account/secure', body, { auth: 'none' }),
  /** Revokes the session of `token` (read before storage was cleared); 200 even for a dead token. */
  logout: (token: string) => api.post<MessageReply>('/api/logout', undefined, { token }),
};

export const PROFILE_KEY = ['accounts', 'profile'] as const;

export const useLogin = () => useMutation({ mutationFn: accountsApi.login });
export const useRegister = () => useMutation({ mutationFn: accountsApi.register });
export const useUpdateProfile = () => useMutation({ mutationFn: accountsApi.updateProfile });
export const useRegisterGame = () => useMutation({ mutationFn: accountsApi.registerGame });
export const useResendEmail = () => useMutation({ mutationFn: accountsApi.resendEmail });
export const useForgotPassword = () => useMutation({ mutationFn: accountsApi.forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: accountsApi.resetPassword });
export const useCancelEmailChange = () => useMutation({ mutationFn: accountsApi.cancelEmailChange });
export const useSecureAccount = () => useMutation({ mutationFn: accountsApi.secureAccount });
