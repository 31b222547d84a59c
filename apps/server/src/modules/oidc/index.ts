/** The OpenID Provider as the rest of the portal uses it: the demo's app. */
export { seedDemoApp } from './clients';
/** What ends with all of a player's portal sessions: their apps' grants and tokens. */
export { endPlayerGrants } from './grants';
export { oidcPersonalData } from './personal-data';
