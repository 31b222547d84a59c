import { z } from 'zod';

/**
 * What the security page's history shows, one kind per event. Added kinds need no migration (the column is
 * text); the web labels each one.
 */
export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'sign_in_locked',
  'mfa_succeeded',
  'mfa_failed',
  'recovery_code_used',
  'passkey_sign_in',
  'passkey_added',
  'passkey_removed',
  'two_step_enabled',
  'two_step_disabled',
  'password_changed',
  'password_reset',
  'email_changed',
  'email_change_cancelled',
  'session_revoked',
  'other_sessions_revoked',
  'step_up',
  'step_up_failed',
  'recovery_codes_renewed',
  /** An app signed in with the portal (OpenID Connect); `detail` is the app's name. */
  'app_sign_in',
  'app_access_revoked',
  /** "Not you? Secure my account" from an alert email: every session ended (decision 0049). */
  'account_secured',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/**
 * What each kind of event says in the Security page's history and the player detail's sign-in history; the
 * audit trail words a staff member's own security changes the same (AUDIT_ACTION_LABELS).
 */
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in refused',
  sign_in_locked: 'Sign-in blocked: too many attempts',
  mfa_succeeded: 'Two-step code accepted',
  mfa_failed: 'Wrong two-step code',
  recovery_code_used: 'Recovery code used',
  passkey_sign_in: 'Signed in with a passkey',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  two_step_enabled: 'Two-step verification turned on',
  two_step_disabled: 'Two-step verification turned off',
  password_changed: 'Password changed',
  password_reset: 'Password reset with an emailed link',
  email_changed: 'Email address changed',
  email_change_cancelled: 'Email change cancelled',
  session_revoked: 'A session was signed out',
  other_sessions_revoked: 'Signed out everywhere else',
  step_up: 'Confirmed it’s you for a sensitive change',
  step_up_failed: 'Wrong password when confirming it’s you',
  recovery_codes_renewed: 'New recovery codes made',
  app_sign_in: 'Signed in to an app',
  app_access_revoked: 'An app’s access was removed',
  account_secured: 'Account secured from an alert email: signed out everywhere',
};

/**
 * Passkeys added this many days back are listed after a password reset and "sign out everywhere" (in the
 * email and on the Security page, each with Remove): they keep signing in when sessions end (decision 0038).
 */
export const RECENT_ADDITIONS_DAYS = 7;

/** Longest stored client address, user agent and event detail; longer values are cut, never refused. */
export const SECURITY_TEXT_LIMITS = { ip: 64, userAgent: 512, detail: 200 } as const;

/** How many events the history answers (the newest). */
export const SECURITY_EVENTS_SHOWN = 50;

/** One live session of the signed-in account (GET /api/sessions, GET /api/admin/sessions). */
export const sessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** A readable device, e.g. "Chrome on Windows", from the user agent; null when it tells nothing. */
  device: z.string().nullable(),
  /**
   * How its sign-in was proved (decision 0063): 'password', 'passkey', 'google' or 'facebook', with '+code'
   * when the second step followed; null when not recorded (a session older than the record).
   */
  signed_in_with: z.string().max(32).nullable().default(null),
  /** The session that made this request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionsReplySchema = z.array(sessionSchema);

/** DELETE /api/sessions/{id}: a session id is a UUID. */
export const sessionParamsSchema = z.object({
  id: z.uuid({ message: 'This is not a session id.' }),
});

/**
 * POST /api/sessions/revoke-others reply: how many sessions were signed out, and the passkeys added in the
 * last RECENT_ADDITIONS_DAYS, which keep signing in (the page lists them, each with Remove).
 */
export const revokeOthersReplySchema = z.object({
  message: z.string(),
  revoked: z.number().int(),
  recent_passkeys: z.array(z.object({ name: z.string(), added_at: z.string() })),
});
export type RevokeOthersReply = z.infer<typeof revokeOthersReplySchema>;

/** One entry of the sign-in history (GET /api/security/events), newest first. */
export const securityEventSchema = z.object({
  id: z.string(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  created_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  device: z.string().nullable(),
  detail: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
export const securityEventsReplySchema = z.array(securityEventSchema);

export const SECURITY_MESSAGES = {
  sessionNotFound: 'This session does not exist or has already ended.',
  sessionRevoked: 'The session was signed out.',
  othersRevoked: (count: number) =>
    count === 1 ? 'One other session was signed out.' : `${count} other sessions were signed out.`,
} as const;
