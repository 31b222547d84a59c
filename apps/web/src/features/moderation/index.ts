/** A player's sanctions and the way to place and lift them, for the player's page in the back office. */
export { PlayerStandingSection } from './PlayerStandingSection';
