/**
 * Admin accounts as other modules make them: an accepted staff invitation creates its admin; a passkey
 * sign-in ends in an admin session; the staff step-up checks the password under the sign-in lockout.
 */
export {
  beginAdminPasswordAttempt,
  createAdmin,
  findAdminById,
  signInAdminWithPasskey,
} from './service';
