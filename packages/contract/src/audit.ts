import { z } from 'zod';
import { calendarDateSchema, MESSAGES } from './validation';

/** Entries per page of the audit trail. */
export const AUDIT_PAGE_SIZE = 50;

const ACTION_PATTERN = /^[a-z_]+(\.[a-z_]+)*$/;
const TARGET_PATTERN = /^(user|admin|order):[A-Za-z0-9_-]{1,64}$/;

/** GET /api/admin/audit: filters (all optional; dates both or neither) and the keyset position of a page. */
export const auditQuerySchema = z
  .object({
    actor: z.uuid({ message: 'actor must be a staff member id.' }).optional(),
    action: z
      .string()
      .max(64)
      .regex(ACTION_PATTERN, 'action must be a dotted action name, such as users.suspend.')
      .optional(),
    target: z
      .string()
      .regex(TARGET_PATTERN, 'target must look like user:<id>, admin:<id> or order:<txnid>.')
      .optional(),
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    /** Opaque position written into `next` by the previous page. */
    after: z.string().max(200).optional(),
  })
  .superRefine((q, ctx) => {
    if (Boolean(q.from) !== Boolean(q.to)) {
      ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: MESSAGES.bothDates });
    } else if (q.from && q.to && q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.dateOrder });
    }
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_kind: z.enum(['admin', 'player', 'system']),
  actor_id: z.string().nullable(),
  /** The staff member's email today, or the label written at the time ('cli'). */
  actor_label: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
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
