/** The security history as other modules write it: one call per sign-in outcome or sensitive change. */
export { recordSecurityEvent } from './events';
/** Devices as the back-office shows sessions: 'Chrome on Windows'. */
export { deviceLabel } from './device';
