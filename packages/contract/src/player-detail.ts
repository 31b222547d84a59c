import { z } from 'zod';
import { auditEntrySchema } from './audit';
import { orderDisputeSchema, orderFraudSchema } from './orders';
import { pendingDeletionSchema } from './privacy';
import { securityEventSchema } from './security';

/** GET /api/admin/users/{id}: one player as support sees it when answering a ticket. */
export const playerDetailSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
    account_status: z.enum(['active', 'suspended']),
    email_verified_at: z.string().nullable(),
    created_at: z.string(),
    referral_code: z.string().nullable(),
    two_step: z.boolean(),
    gender: z.string().nullable(),
    birthdate: z.string().nullable(),
    /** The player asked to delete the account; erased at `erasure_due` unless they sign in first. */
    pending_deletion: pendingDeletionSchema.nullable(),
    /** When the personal data was erased (the row stays, anonymised, for the orders). */
    erased_at: z.string().nullable(),
  }),
  addresses: z.array(
    z.object({
      address1: z.string().nullable(),
      city: z.string().nullable(),
      province: z.string().nullable(),
      country: z.string().nullable(),
    }),
  ),
  games: z.array(
    z.object({
      game: z.string(),
      nickname: z.string().nullable(),
      level: z.number().int(),
      last_session: z.string().nullable(),
      registered_at: z.string(),
      referral_code: z.string().nullable(),
    }),
  ),
  /** Who registered with this player's referral code (newest 20) and how many did in all. */
  referrals: z.object({
    total: z.number().int(),
    latest: z.array(z.object({ user_id: z.string(), name: z.string(), game: z.string(), at: z.string() })),
  }),
  orders: z.array(
    z.object({
      txnid: z.string(),
      created_at: z.string(),
      game: z.string(),
      status: z.string(),
      amount: z.string(),
      currency: z.string(),
      refund_due: z.boolean(),
      items: z.string(),
      /** A refund of it named fraud (issue #23); null otherwise. */
      fraud: orderFraudSchema.nullable().optional(),
      /** The card holder disputes it (issue #23); null otherwise. */
      dispute: orderDisputeSchema.nullable().optional(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      created_at: z.string(),
      last_seen_at: z.string(),
      ip: z.string().nullable(),
      device: z.string().nullable(),
    }),
  ),
  events: z.array(securityEventSchema),
  audit: z.array(auditEntrySchema),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

export const playerIdParamsSchema = z.object({ id: z.uuid({ message: 'This is not a player id.' }) });

export const PLAYER_ACTION_MESSAGES = {
  verificationSent: 'A new verification email is on its way to the player.',
  alreadyVerified: 'This player has already verified their email.',
  resetSent: 'A password-reset email is on its way to the player.',
  sessionsRevoked: (count: number) =>
    count === 1 ? 'One session was signed out.' : `${count} sessions were signed out.`,
  notFound: 'There is no player with this id.',
  suspended: 'This player is suspended: reactivate the account first.',
  twoStepOff: 'Two-step verification is off for this player; they were emailed.',
  twoStepNotOn: 'This player does not have two-step verification on.',
} as const;

/** POST /api/admin/users/{id}/two-step/disable: how support checked the player's identity (kept in the audit). */
export const supportTwoStepOffSchema = z.object({
  reason: z
    .string({ message: 'Say how you checked who the player is.' })
    .trim()
    .min(10, 'Say how you checked who the player is (10 characters or more).')
    .max(500, 'The reason is at most 500 characters.'),
});
export type SupportTwoStepOff = z.infer<typeof supportTwoStepOffSchema>;

/**
 * POST /api/admin/users/{id}/erase: the staff member's reason, kept in the audit. Needed (from an owner)
 * when the player has no pending deletion request; optional otherwise.
 */
export const playerEraseSchema = z.object({
  reason: z
    .string({ message: 'The reason must be text.' })
    .trim()
    .min(10, 'Say why you erase this player (10 characters or more).')
    .max(500, 'The reason is at most 500 characters.')
    .optional(),
});
export type PlayerErase = z.infer<typeof playerEraseSchema>;
