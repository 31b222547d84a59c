/** The sign-in pipeline every entry point runs, and its challenge store (docs/decisions/0053). */
export { purgeSignInChallenges } from './challenges';
export {
  type AccountRefusal,
  type Audience,
  resumeSignIn,
  runSignIn,
  runTwoFactorSignIn,
  type SignInEnv,
  type SignInFlow,
  signInProof,
} from './pipeline';
