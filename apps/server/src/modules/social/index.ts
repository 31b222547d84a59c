/** Social sign-in as the privacy registry sees it: what a player's erasure deletes. */
export { socialPersonalData } from './personal-data';
