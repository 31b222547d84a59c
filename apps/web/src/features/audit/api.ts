import type { AuditFilters, AuditPage, AuditQuery } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The audit trail's filter without a page position. */
export type AuditFilter = Omit<AuditQuery, 'after'>;

function auditUrl(filter: AuditFilter, after: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (after) params.set('after', after);
  const query = params.toString();
  return query ? `/api/admin/audit?${query}` : '/api/admin/audit';
}

/** One page of the audit trail; the page shown stays while the next one loads. */
export function useAuditPage(filter: AuditFilter, after: string | null) {
  return useQuery({
    queryKey: ['audit', filter, after],
    queryFn: ({ signal }) => api.get<AuditPage>(auditUrl(filter, after), { auth: 'admin', signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The staff members and actions the filter offers. */
export function useAuditFilters() {
  return useQuery({
    queryKey: ['audit', 'filters'],
    queryFn: ({ signal }) => api.get<AuditFilters>('/api/admin/audit/filters', { auth: 'admin', signal }),
    staleTime: 60_000,
  });
}
