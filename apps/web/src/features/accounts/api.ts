import {
  accountsEndpoints,
  type EmailChangeCancelRequest,
  type emailRequestSchema,
  type LoginRequest,
  type ProfileUpdateRequest,
  type ReferralVisitRequest,
  type RegisterGameRequest,
  type RegisterRequest,
  type resetPasswordRequestSchema,
  type SecureAccountRequest,
  type VerifyEmailParams,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';

export type EmailRequest = z.input<typeof emailRequestSchema>;
type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** Calls of the accounts feature (spec section 7). */
export const accountsApi = {
  /** With two-step verification on, the reply asks for the code step instead (POST /login/mfa). */
  login: (body: LoginRequest) => call(accountsEndpoints.login, { body }),
  profile: (signal?: AbortSignal) => call(accountsEndpoints.profile, {}, { signal }),
  updateProfile: (body: ProfileUpdateRequest) => call(accountsEndpoints.updateProfile, { body }),
  registerGame: (body: RegisterGameRequest) => call(accountsEndpoints.registerGame, { body }),
  register: (body: RegisterRequest) => call(accountsEndpoints.register, { body }),
  verifyEmail: (params: VerifyEmailParams) => call(accountsEndpoints.verifyEmail, { params }),
  resendEmail: (body: EmailRequest) => call(accountsEndpoints.resendEmail, { body }),
  forgotPassword: (body: EmailRequest) => call(accountsEndpoints.forgotPassword, { body }),
  resetPassword: (body: ResetPasswordRequest) => call(accountsEndpoints.resetPassword, { body }),
  referralVisit: (body: ReferralVisitRequest) => call(accountsEndpoints.referralVisit, { body }),
  cancelEmailChange: (body: EmailChangeCancelRequest) => call(accountsEndpoints.cancelEmailChange, { body }),
  secureAccount: (body: SecureAccountRequest) => call(accountsEndpoints.secureAccount, { body }),
  /** Revokes the session of `token` (read before storage was cleared); 200 even for a dead token. */
  logout: (token: string) => call(accountsEndpoints.logout, {}, { token }),
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
