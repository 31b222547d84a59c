/** Texts of the player account pages and replies (spec sections 2, 4 and 8); zod-free, see constants.ts. */
export const ACCOUNT_MESSAGES = {
  loginSuccess: 'Login Successfully!',
  loggedOut: 'Logged Out Successfully!',
  invalidCredentials: 'Invalid email or password.',
  suspended: 'Your account is suspended.',
  unverified:
    'Please verify your email address before signing in. Open the link we emailed you, or use "Didn\'t receive confirmation instructions?" to get a new one.',
  lockedOut: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  registrationSuccessTitle: 'Registration Successful!',
  registrationSuccess:
    'Registration Successful! Please check your email to verify your account (look in your spam folder too), then log in.',
  unexpected: 'An unexpected error occurred.',
  emailTaken: 'The email has already been taken.',
  nicknameTaken: 'The nickname has already been taken.',
  referralUnknown: 'The referral code does not exist.',
  referralOwn: 'You cannot use your own referral code.',
  commonPassword: 'This password is too common. Please choose a less common password.',
  verifySent:
    'If that email belongs to an account that still needs verifying, we have sent a new verification link. Please check your inbox and spam folder.',
  resetSent:
    'If an account exists for that email, we have sent a password reset link. Please check your inbox and spam folder.',
  verified: 'Your email address has been verified. You can now log in.',
  alreadyVerified: 'Your email address is already verified. You can log in.',
  emailChanged: 'Your new email address has been confirmed. Use it to log in from now on.',
  verificationFailed: 'Verification failed.',
  verifyLinkInvalid:
    'This verification link is invalid, has already been used or has expired. Please ask for a new one.',
  resetLinkInvalid:
    'This password reset link is invalid, has already been used or has expired. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. You can now log in with your new password.',
  profileUpdated: 'Profile Updated Successfully!',
  profileUpdatedEmailPending: (email: string) =>
    `Profile Updated Successfully! We sent a confirmation link to ${email}. Your email address changes once you open it; until then, keep using your current one.`,
  profileUpdateFailed: 'Failed to update profile: ',
  profileUpdateError: 'Error updating profile: ',
  wrongPassword: 'The password is incorrect.',
  alreadyRegistered: (gameLabel: string) => `You are already registered for ${gameLabel}.`,
  gameRegistered: (game: string) =>
    `You have successfully registered for the ${game.toUpperCase()} game. Thank you.`,
  caliberRegistered: 'Caliber registered successfully.',
  gameRegisterFailed: (game: string) => `Failed to register for ${game}.`,
  caliberRegisterFailed: 'Failed to register for Caliber.',
  loggedOutServer: 'Logged out successfully.',
  pinKeep: 'Leave empty to keep your current PIN.',
  currentPasswordRequired: 'Enter your current password to change your email address.',
  currentPasswordWrong: 'The current password is incorrect.',
  /** POST /api/account/password (the Security page's Change password). */
  passwordCurrentRequired: 'Enter your current password.',
  passwordUpdated: 'Your password was changed. Every other session was signed out.',
  passwordNotSet:
    'Your account signs in with Google or Facebook and has no password yet. Use "Forgot password" to set one.',
  emailChangeCancelled:
    'The email change was cancelled: your account has its previous email address again, and every session was signed out. If you did not ask for the change, reset your password too.',
  /** POST /api/account/secure, "Not you? Secure my account" in the alert emails (decision 0049). */
  secureLinkMalformed: 'This link is incomplete. Open it again from the email, or copy the whole link.',
  secureLinkInvalid:
    'This link to secure your account is invalid, has already been used or has expired. If you still need to, choose a new password with "Forgot password".',
  secureLinkAddressChanged:
    'This link was sent to an email address your account no longer signs in with, so it cannot secure it. If you did not change the address, use "Cancel the change" in the email sent to this address when it changed.',
  accountSecured: 'Your account is secured: every session was signed out. Now choose a new password.',
  emailChangeCancelInvalid:
    'This cancel link is invalid or has expired, or the change was already undone. Please contact customer support if your account is not as it should be.',
} as const;
