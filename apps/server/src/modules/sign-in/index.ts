/**
 * The sign-in pipeline every entry point runs, its challenge store (docs/decisions/0053), and proving a
 * password again through its proof step (decision 0068).
 */
export { purgeSignInChallenges } from './challenges';
export { signInPersonalData } from './personal-data';
export {
  type AccountRefusal,
  type Audience,
  lockedAttemptError,
  provePasswordAgain,
  resumeSignIn,
  runSignIn,
  runTwoFactorSignIn,
  type SignInEnv,
  type SignInFlow,
  signInProof,
} from './pipeline';
