import { z } from 'zod';
import { altchaPayloadSchema } from './challenge';
import { mfaRequiredReplySchema } from './mfa';
import { staffRoleSchema } from './staff';
import { emailSchema, passwordSchema } from './validation';

/** Texts of the admin screens (spec sections 2 and 8). */
export const ADMIN_MESSAGES = {
  loginSuccessful: 'Login successful',
  invalidCredentials: 'Invalid login credentials.',
  inactive: 'Your account is inactive.',
  unexpected: 'An unexpected error occurred.',
  network: 'Network error. Please check your connection.',
  loggedOut: 'Logged Out Successfully!',
  loginBanner: 'Login Successfully!',
  lockedOut: 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.',
  emailsSent: 'Emails sent successfully',
  emailsFailed: 'Failed to send email',
  noEmails: 'No emails found',
} as const;

/** Sign-in takes any strings (the spec's login forms do no client checks); the server answers 401. */
export const adminLoginRequestSchema = z.object({
  email: z.string({ message: 'Enter your email.' }).max(254),
  password: z.string({ message: 'Enter your password.' }).max(200),
  /** A solved proof-of-work challenge, when the server asked for one (docs/decisions/0039). */
  altcha: altchaPayloadSchema,
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

export const adminSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['active', 'inactive']),
});
export type Admin = z.infer<typeof adminSchema>;

export const adminLoginReplySchema = z.object({
  message: z.string(),
  token: z.string(),
  admin: adminSchema,
  adminAuthenticated: z.literal(true),
});
export type AdminLoginReply = z.infer<typeof adminLoginReplySchema>;
/** `POST /api/admin/login`: the sign-in, or with two-step on the request for a code (mfa.ts), answered by `/login/mfa`. */
export const adminLoginOrMfaReplySchema = z.union([adminLoginReplySchema, mfaRequiredReplySchema]);

/** GET /api/admin/me: the signed-in staff member. */
export const adminMeReplySchema = z.object({ admin: adminSchema });

/** Input rules of `npm run admin:create`. */
export const adminCreateSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1, 'The name must not be empty.').max(100, 'The name is too long.'),
  role: staffRoleSchema.default('owner'),
});
export type AdminCreate = z.infer<typeof adminCreateSchema>;

// Send Test Email page.
export const emailBlastRecipientSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export const emailBlastListReplySchema = z.object({
  users: z.array(emailBlastRecipientSchema),
  message: z.string(),
});
export type EmailBlastListReply = z.infer<typeof emailBlastListReplySchema>;

export const emailBlastAddRecipientSchema = z.object({
  name: z
    .string({ message: 'Enter a name.' })
    .trim()
    .min(1, 'Enter a name.')
    .max(100, 'The name is too long.'),
  email: emailSchema,
});

/** The client makes one key per click intent; the same key never sends twice. */
export const emailBlastSendRequestSchema = z.object({
  idempotencyKey: z
    .string({ message: 'An idempotency key is required.' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The idempotency key must be 8-100 letters, digits, - or _.'),
});
/** DELETE /api/email-blast/recipients/{id}. */
export const emailBlastRecipientParamsSchema = z.object({ id: z.uuid({ message: 'Unknown recipient.' }) });

export const emailBlastSendReplySchema = z.object({
  message: z.string(),
  sent: z.number().int(),
  replayed: z.boolean(),
});
