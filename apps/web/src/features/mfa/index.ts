/**
 * Two-step verification (TOTP with recovery codes). Its screens load as their own chunks when first shown,
 * so the login pages that import this stay within their bundle budget.
 */
import { lazy } from 'react';

export { mfaSignIn } from './api';
/** The "Two-step verification" section of the Security pages (player or admin); wrap it in Suspense. */
export const TwoStepSection = lazy(() => import('./TwoStepSection'));
/** The sign-in step after a first step answered `mfa_required`; wrap it in Suspense. */
export const MfaSignInStep = lazy(() => import('./MfaSignInStep'));
