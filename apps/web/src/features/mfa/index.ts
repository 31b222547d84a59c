/**
 * Two-step verification (TOTP with recovery codes). Its screens load as their own chunks when first shown,
 * so the login pages that import this stay within their bundle budget.
 */
import { lazy } from 'react';

export { mfaSignIn, useMfaStatus } from './api';
/** The "Two-step verification" section of the Security pages (player or admin); wrap it in Suspense. */
export const TwoStepSection = lazy(() => import('./TwoStepSection'));
/** The sign-in pages' shared steps: a first step, the code step after `mfa_required`, the signed-in state. */
export { useSignInFlow } from './useSignInFlow';
