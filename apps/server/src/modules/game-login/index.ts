/** Launcher sign-in as the privacy registry sees it: what a player's erasure deletes. */
export { gameLoginPersonalData } from './personal-data';
