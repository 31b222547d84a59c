/** Passkeys as others use them: old challenges are cleared; the step-up checks an assertion. */
export { purgeWebauthnChallenges } from './challenges';
export { passkeysPersonalData } from './personal-data';
export { verifyPasskeySignIn } from './sign-in';
