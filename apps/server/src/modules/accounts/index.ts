/**
 * Player accounts as other modules use them: look-ups (support's player record, users tables and search
 * among them), and the sign-up and sign-in steps social sign-in shares.
 */

export { registeredGames } from './account-rules';
export {
  clearDeletionRequest,
  deletionsRequestedBy,
  lockDeletionState,
  markDeletionRequested,
} from './deletion-requests';
export { requestPasswordReset, resendVerification } from './email-requests';
export { sendNewDeviceEmail } from './emails';
export { applyPlayerActivity, registeredPlayers } from './game-activity';
export { accountsPersonalData } from './personal-data';
export {
  findPlayerRecord,
  playerAddresses,
  playerGames,
  registrationsWithCodes,
} from './player-record';
export { playersFound, playersNamedBy, playersWithNicknameLike } from './player-search';
export {
  beginPlayerPasswordAttempt,
  playerAudience,
  playerRefusalError,
  signInWithPasskey,
} from './player-sign-in';
export { registerForGame } from './profile';
export { registrationsSince } from './registration-feed';
export {
  type RegistrationListing,
  type RegistrationRow,
  registrationListing,
} from './registration-listing';
export { createSocialAccount, signInWithProvider } from './sign-in';
export {
  findGameRegistration,
  findUserByCredentials,
  findUserByEmail,
  findUserById,
  findUsersByIds,
  lockPlayer,
  playerAccounts,
  playerGameRegistrations,
  playerNameOf,
  playersOfGame,
  playerWithEmail,
  playerWithNickname,
  type UserRow,
} from './users';
