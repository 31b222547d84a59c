/** Two-step verification as the sign-in flows use it: the second step, and codes for sensitive changes. */
export { mfaPersonalData } from './personal-data';
export {
  completeSecondStep,
  disableTotpBySupport,
  enableTotpWithSecret,
  isTotpEnabled,
  purgeMfaChallenges,
  requireCodeIfEnabled,
  secondStepFor,
} from './service';
