import { z } from 'zod';

/** GET /api/developer-verifyemail/{token} reply (spec section 7). */
export const developerVerifyReplySchema = z.object({ success: z.boolean(), message: z.string() });
export type DeveloperVerifyReply = z.infer<typeof developerVerifyReplySchema>;
export const developerVerifyParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** POST /api/admin/developers (admin): mark a player account as a developer and send the link. */
export const markDeveloperSchema = z.object({
  email: z.string({ message: 'Enter the player email.' }).trim().min(3, 'Enter the player email.').max(254),
});
export type MarkDeveloperRequest = z.input<typeof markDeveloperSchema>;

export const developerSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  markedAt: z.string(),
  verifiedAt: z.string().nullable(),
  /** When the emailed link stops working; null once verified. */
  linkExpiresAt: z.string().nullable(),
});
export type Developer = z.infer<typeof developerSchema>;

/** GET /api/admin/developers (admin): every marked account. */
export const developersReplySchema = z.object({ developers: z.array(developerSchema) });
export type DevelopersReply = z.infer<typeof developersReplySchema>;

/** POST /api/admin/developers reply: the marked account and what the back-office says about it. */
export const markDeveloperReplySchema = z.object({ developer: developerSchema, message: z.string() });
export type MarkDeveloperReply = z.infer<typeof markDeveloperReplySchema>;

/** What the back-office says after marking or unmarking. */
export const DEVELOPER_ADMIN_MESSAGES = {
  linkSent: (email: string) => `A verification email was sent to ${email}.`,
  alreadyVerified: (email: string) => `${email} is already a verified developer.`,
  removed: 'The developer mark was removed.',
} as const;

export const DEVELOPER_MESSAGES = {
  verified: 'Your developer account is verified. You can now sign in to developer builds of Caliber.',
  alreadyVerified:
    'Your developer account was already verified. You can sign in to developer builds of Caliber.',
  invalidLink:
    'This developer verification link is not valid or has expired. Ask an admin to send a new one.',
} as const;

/** DELETE /api/admin/developers/{userId}: the account to unmark. */
export const developerParamsSchema = z.object({ userId: z.uuid({ message: 'Unknown account.' }) });
