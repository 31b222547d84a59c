import { z } from 'zod';

/** GET /api/developer-verifyemail/{token} reply (spec section 7). */
export const developerVerifyReplySchema = z.object({ success: z.boolean(), message: z.string() });
export type DeveloperVerifyReply = z.infer<typeof developerVerifyReplySchema>;

/** POST /api/admin/developers (admin): mark a player account as a developer and send the link. */
export const markDeveloperSchema = z.object({
  email: z.string({ message: 'Enter the player email.' }).trim().min(3, 'Enter the player email.').max(254),
});

export const developerSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  markedAt: z.string(),
  verifiedAt: z.string().nullable(),
});
export type Developer = z.infer<typeof developerSchema>;

export const DEVELOPER_MESSAGES = {
  verified: 'Your developer account is verified. You can now sign in to developer builds of Caliber.',
  alreadyVerified:
    'Your developer account was already verified. You can sign in to developer builds of Caliber.',
  invalidLink:
    'This developer verification link is not valid or has expired. Ask an admin to send a new one.',
} as const;
