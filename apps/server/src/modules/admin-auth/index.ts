/**
 * Admin accounts as other modules make them: an accepted staff invitation creates its admin; a passkey
 * sign-in ends in an admin session.
 */
export { createAdmin, signInAdminWithPasskey } from './service';
