/**
 * Two-step verification as others use it: the sign-in pipeline's code check, codes for sensitive changes,
 * support's reset, and the sealed secret and recovery codes the demo data is made with.
 */
export { checkSignInCode, requireCodeIfEnabled } from './check-code';
export { disableTotpBySupport } from './disable';
export { mfaPersonalData } from './personal-data';
export { replaceRecoveryCodes } from './recovery-codes';
export { sealSecret } from './secret-box';
export { adminTwoStepOn, isTotpEnabled, type MfaSubject, playerTwoStepOn, totpEnabledAt } from './subject';
