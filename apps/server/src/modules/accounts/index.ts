/** Player accounts as other modules use them: look-ups, and the sign-up and sign-in steps social sign-in shares. */
export {
  createSocialAccount,
  issuePlayerSignIn,
  registerForGame,
  resendVerification,
} from './service';
export {
  findGameRegistration,
  findUserByCredentials,
  findUserByEmail,
  findUserById,
  findUsersByIds,
} from './users';
