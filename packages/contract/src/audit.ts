import { z } from 'zod';
import { calendarDateSchema, MESSAGES } from './validation';

/** Entries per page of the audit trail. */
export const AUDIT_PAGE_SIZE = 50;

const ACTION_PATTERN = /^[a-z_]+(\.[a-z_]+)*$/;
const TARGET_PATTERN = /^(user|admin|order):[A-Za-z0-9_-]{1,64}$/;

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
    .regex(TARGET_PATTERN, 'target must look like user:<id>, admin:<id> or order:<txnid>.')
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
