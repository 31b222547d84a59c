/** Player accounts as other modules use them: look-ups, and the sign-up and sign-in steps social sign-in shares. */
export { resendVerification } from './email-requests';
export { registerForGame } from './profile';
export { createSocialAccount, issuePlayerSignIn } from './sign-in';
export {
  findGameRegistration,
  findUserByCredentials,
  findUserByEmail,
  findUserById,
  findUsersByIds,
} from './users';
