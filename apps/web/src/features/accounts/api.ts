import type {
  EmailChangeCancelRequest,
  emailRequestSchema,
  LoginRequest,
  ProfileUpdateRequest,
  ReferralVisitRequest,
  RegisterGameRequest,
  RegisterRequest,
  resetPasswordRequestSchema,
  SecureAccountRequest,
  VerifyEmailParams,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';

export type EmailRequest = z.input<typeof emailRequestSchema>;
type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/**
 * The accounts endpoints, loaded with their schemas on the first call rather than with the page: /login and
 * the other entry screens then draw and hydrate without the schema library (decision 0060).
 */
const endpoints = () =>
  import('@portal/contract/endpoints/accounts').then((module) => module.accountsEndpoints);

/** Calls of the accounts feature (spec section 7). */
export const accountsApi = {
  /** With two-step verification on, the reply asks for the code step instead (POST /login/mfa). */
  login: async (body: LoginRequest) => call((await endpoints()).login, { body }),
  profile: async (signal?: AbortSignal) => call((await endpoints()).profile, {}, { signal }),
  updateProfile: async (body: ProfileUpdateRequest) => call((await endpoints()).updateProfile, { body }),
  registerGame: async (body: RegisterGameRequest) => call((await endpoints()).registerGame, { body }),
  register: async (body: RegisterRequest) => call((await endpoints()).register, { body }),
  verifyEmail: async (params: VerifyEmailParams) => call((await endpoints()).verifyEmail, { params }),
  resendEmail: async (body: EmailRequest) => call((await endpoints()).resendEmail, { body }),
  forgotPassword: async (body: EmailRequest) => call((await endpoints()).forgotPassword, { body }),
  resetPassword: async (body: ResetPasswordRequest) => call((await endpoints()).resetPassword, { body }),
  referralVisit: async (body: ReferralVisitRequest) => call((await endpoints()).referralVisit, { body }),
  cancelEmailChange: async (body: EmailChangeCancelRequest) =>
    call((await endpoints()).cancelEmailChange, { body }),
  secureAccount: async (body: SecureAccountRequest) => call((await endpoints()).secureAccount, { body }),
  /** Revokes the session of `token` (read before storage was cleared); 200 even for a dead token. */
  logout: async (token: string) => call((await endpoints()).logout, {}, { token }),
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
