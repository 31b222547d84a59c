/**
 * The security history as other modules write it (one call per sign-in outcome or sensitive change) and as
 * support reads a player's.
 */

/** Devices as the back-office shows sessions: 'Chrome on Windows'. */
export { deviceLabel } from './device';
export { listSecurityEvents, recordSecurityEvent } from './events';
export { securityPersonalData } from './personal-data';
export { recentAdditionsParagraphs, recentlyAddedPasskeys } from './recent-additions';
