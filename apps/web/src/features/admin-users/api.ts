import type {
  AccountStatusReply,
  AccountStatusRequest,
  MessageReply,
  Paginated,
  PlayerDetail,
  PlayerErase,
  SupportTwoStepOff,
} from '@portal/contract';
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
  /** One player's whole picture for support. */
  detail: (userId: string, signal?: AbortSignal) =>
    api.get<PlayerDetail>(`/api/admin/users/${encodeURIComponent(userId)}`, { auth: 'admin', signal }),
  /** A support action on a player: resend-verification, password-reset or sessions/revoke. */
  act: (userId: string, action: PlayerAction) =>
    api.post<MessageReply>(`/api/admin/users/${encodeURIComponent(userId)}/${action}`, undefined, {
      auth: 'admin',
    }),
};

/** Erases a player's personal data: on their pending request, or (an owner) without one, giving a reason. */
export const erasePlayer = (userId: string, body: PlayerErase) =>
  api.post<MessageReply>(`/api/admin/users/${encodeURIComponent(userId)}/erase`, body, { auth: 'admin' });

/** Support turns off a player's two-step verification, saying how they checked who the player is. */
export const turnOffTwoStep = (userId: string, body: SupportTwoStepOff) =>
  api.post<MessageReply>(`/api/admin/users/${encodeURIComponent(userId)}/two-step/disable`, body, {
    auth: 'admin',
  });

export type PlayerAction = 'resend-verification' | 'password-reset' | 'sessions/revoke';
