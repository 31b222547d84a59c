/** Launcher sign-in as the privacy registry sees it: what a player's erasure deletes. */
export { gameLoginPersonalData } from './personal-data';
/** What ends with all of a player's portal sessions: the launchers their PIN unlocks. */
export { forgetPinDevices } from './service';
