import { z } from 'zod';
import { SECURITY_EVENT_LABELS } from './security';
import { downloadSignatureQuery } from './tables';
import { calendarDateSchema, MESSAGES } from './validation';

/** Entries per page of the audit trail. */
export const AUDIT_PAGE_SIZE = 50;

const ACTION_PATTERN = /^[a-z_]+(\.[a-z_]+)*$/;
const TARGET_PATTERN = /^(user|admin|order|invitation|webhook|delivery):[A-Za-z0-9_-]{1,64}$/;

/** The audit trail's filters (all optional; dates both or neither), shared by the list and its export. */
export const auditFilterShape = {
  actor: z.uuid({ message: 'actor must be a staff member id.' }).optional(),
  action: z
    .string()
    .max(64)
    .regex(ACTION_PATTERN, 'action must be a dotted action name, such as users.suspend.')
    .optional(),
  target: z
    .string()
    .regex(
      TARGET_PATTERN,
      'target must look like user:<id>, admin:<id>, order:<txnid>, invitation:<id>, webhook:<game> or delivery:<id>.',
    )
    .optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
};

/** Both dates or neither, From not after To. */
export function refineAuditDates(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (Boolean(q.from) !== Boolean(q.to)) {
    ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: MESSAGES.bothDates });
  } else if (q.from && q.to && q.from > q.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.dateOrder });
  }
}

/** POST /api/admin/audit/export/link: the filter the spreadsheet holds. */
export const auditFilterSchema = z.object(auditFilterShape).superRefine(refineAuditDates);
/** GET /api/admin/audit/export: the filter, and the signature of a download link. */
export const auditExportQuerySchema = z
  .object({ ...auditFilterShape, ...downloadSignatureQuery })
  .superRefine(refineAuditDates);

/** GET /api/admin/audit: the filter and the keyset position of a page. */
export const auditQuerySchema = z
  .object({
    ...auditFilterShape,
    /** Opaque position written into `next` by the previous page. */
    after: z.string().max(200).optional(),
  })
  .superRefine(refineAuditDates);
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** The owners' spreadsheet of the audit trail. */
export const AUDIT_EXPORT_FILE_NAME = 'Audit_Trail.xlsx';

export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_kind: z.enum(['admin', 'player', 'system']),
  actor_id: z.string().nullable(),
  /** The staff member's email today, or the label written at the time ('cli'). */
  actor_label: z.string().nullable(),
  /** The staff member's or the player's name today (null for the system, or once erased). */
  actor_name: z.string().nullable().optional(),
  action: z.string(),
  target: z.string().nullable(),
  /**
   * What the target is, in words: the player's or staff member's name today, or a staff invitation, a game's
   * webhook or one of its deliveries as the entry names them; null for others (an order names itself).
   */
  target_name: z.string().nullable().optional(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One page of the audit trail, newest first; `next` is the position of the following page, if any. */
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET /api/admin/audit/filters: the choices of the page's filter. */
export const auditFiltersSchema = z.object({
  actors: z.array(z.object({ id: z.string(), label: z.string() })),
  actions: z.array(z.string()),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/**
 * What each audit action reads as: one map for the audit trail, the player detail's staff actions and the
 * filter. An action this map does not know yet reads as its own name, made readable (`auditActionLabel`).
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'admin.login': 'Signed in to the back office',
  'admin.login_failed': 'Back-office sign-in refused',
  'admin.login_inactive': 'Sign-in of a deactivated staff account refused',
  'admin.login_locked': 'Back-office sign-in blocked: too many attempts',
  'admin.logout': 'Signed out of the back office',
  'admin.create': 'Staff account created',
  'admin.activate': 'Staff account reactivated',
  'admin.deactivate': 'Staff account deactivated',
  'audit.export': 'Audit trail exported',
  'developers.mark': 'Marked as a Caliber developer',
  'developers.unmark': 'No longer a Caliber developer',
  'email_blast.recipient_add': 'Test email recipient added',
  'email_blast.recipient_remove': 'Test email recipient removed',
  'email_blast.send': 'Email blast sent',
  'games.delivery_retry': 'Game delivery retried',
  'games.key_create': 'Game API key created',
  'games.key_revoke': 'Game API key revoked',
  'games.webhook_rotate_secret': 'Game webhook secret renewed',
  'games.webhook_save': 'Game webhook saved',
  'oidc.client_create': 'OpenID app added',
  'oidc.client_delete': 'OpenID app removed',
  'oidc.client_rotate_secret': 'OpenID app secret renewed',
  'oidc.client_update': 'OpenID app changed',
  'orders.export': 'Sales orders exported',
  'orders.refund': 'Order refunded',
  'referral_code.create': 'Referral code created',
  'referrals.export': 'Referral codes exported',
  'staff.change': 'Staff role or status changed',
  'staff.invite': 'Staff member invited',
  'staff.invitation_cancel': 'Staff invitation cancelled',
  'staff.other_sessions_revoked': SECURITY_EVENT_LABELS.other_sessions_revoked,
  'staff.passkey_added': SECURITY_EVENT_LABELS.passkey_added,
  'staff.passkey_removed': SECURITY_EVENT_LABELS.passkey_removed,
  'staff.recovery_codes_renewed': SECURITY_EVENT_LABELS.recovery_codes_renewed,
  'staff.session_revoked': SECURITY_EVENT_LABELS.session_revoked,
  'staff.two_step_on': SECURITY_EVENT_LABELS.two_step_enabled,
  'staff.two_step_off': SECURITY_EVENT_LABELS.two_step_disabled,
  'users.view': 'Player details opened',
  'users.suspend': 'Player suspended',
  'users.reactivate': 'Player reactivated',
  'users.resend_verification': 'Verification email sent again',
  'users.password_reset': 'Password reset email sent',
  'users.sessions_revoke': 'Player signed out everywhere',
  'users.two_step_off': "Player's two-step verification turned off",
  'users.erase': "Player's personal data erased",
  'users.export': 'Users table exported',
};

/** An audit action as staff read it: its label, or for an action without one its words ('Games: key create'). */
export function auditActionLabel(action: string): string {
  const label = AUDIT_ACTION_LABELS[action];
  if (label) return label;
  const [area = '', ...rest] = action.split('.');
  const words = (text: string) => text.replaceAll('_', ' ');
  const head = words(area).charAt(0).toUpperCase() + words(area).slice(1);
  return rest.length > 0 ? `${head}: ${words(rest.join(' '))}` : head;
}
