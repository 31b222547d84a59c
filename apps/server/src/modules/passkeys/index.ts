/** Passkeys as others use them: old challenges are cleared; the step-up checks an assertion. */
export { passkeysPersonalData } from './personal-data';
export { purgeWebauthnChallenges, verifyPasskeySignIn } from './service';
