/** Passkeys as the scheduler uses them: old challenges are cleared. */
export { purgeWebauthnChallenges } from './service';
