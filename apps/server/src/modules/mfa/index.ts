/** Two-step verification as the sign-in flows use it: the second step, and codes for sensitive changes. */
export {
  type CompletedSecondStep,
  completeSecondStep,
  enableTotpWithSecret,
  type MfaFlow,
  purgeMfaChallenges,
  requireCodeIfEnabled,
  secondStepFor,
} from './service';
