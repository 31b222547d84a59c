import type { AccountStatusReply, AccountStatusRequest, Paginated } from '@portal/contract';
import { api } from '../../lib/api';

/** Calls of the admin users tables, typed by the contract. */
export const adminUsersApi = {
  /**
   * One page of an admin table: `url` is the table's list endpoint with its query, or a page URL of the
   * previous reply; `Row` is the row type of that endpoint (AdminUserRow, ReferralCodeRow).
   */
  page: <Row>(url: string, signal?: AbortSignal) => api.get<Paginated<Row>>(url, { auth: 'admin', signal }),
  /** Suspends or reactivates a player. */
  setStatus: (userId: string, body: AccountStatusRequest) =>
    api.post<AccountStatusReply>(`/api/admin/users/${encodeURIComponent(userId)}/status`, body, {
      auth: 'admin',
    }),
};
