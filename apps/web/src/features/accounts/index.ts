/** What other features read of the player's account. */
export { usePlayerGames } from './useProfile';
