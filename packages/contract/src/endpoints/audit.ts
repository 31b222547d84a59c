import {
  auditExportQuerySchema,
  auditFilterSchema,
  auditFiltersSchema,
  auditPageSchema,
  auditQuerySchema,
} from '../audit';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { exportLinkReplySchema } from '../orders';

const tags = ['admin'] as const;

/** The back-office audit trail: its pages, the choices of its filter, and its export. */
export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    auth: 'admin',
    staff: 'audit.read',
    proof: 'session',
    query: auditQuerySchema,
    reply: auditPageSchema,
    tags,
  }),
  /** The staff members and actions the filter offers. */
  filters: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit/filters',
    auth: 'admin',
    staff: 'audit.read',
    proof: 'session',
    reply: auditFiltersSchema,
    tags,
  }),
  exportLink: defineEndpoint({
    method: 'POST',
    path: '/api/admin/audit/export/link',
    auth: 'admin',
    staff: 'audit.read',
    proof: 'session',
    body: auditFilterSchema,
    reply: exportLinkReplySchema,
    tags,
  }),
  /** The workbook, with the bearer token (API clients) or a signed link from `exportLink` (the web app). */
  export: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit/export',
    auth: 'admin',
    staff: 'audit.read',
    proof: 'session',
    query: auditExportQuerySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
