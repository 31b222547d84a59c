import { type AuditQuery, auditEndpoints } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The audit trail's filter without a page position. */
export type AuditFilter = Omit<AuditQuery, 'after'>;

/** One page of the audit trail; the page shown stays while the next one loads. */
export function useAuditPage(filter: AuditFilter, after: string | null) {
  return useQuery({
    queryKey: ['audit', filter, after],
    queryFn: ({ signal }) =>
      call(auditEndpoints.list, { query: { ...filter, after: after ?? undefined } }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The staff members and actions the filter offers. */
export function useAuditFilters() {
  return useQuery({
    queryKey: ['audit', 'filters'],
    queryFn: ({ signal }) => call(auditEndpoints.filters, {}, { signal }),
    staleTime: 60_000,
  });
}
