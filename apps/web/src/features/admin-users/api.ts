import {
  type AccountStatusRequest,
  accountsEndpoints,
  adminUsersEndpoints,
  type PlayerErase,
  type SupportTwoStepOff,
} from '@portal/contract';
import { call } from '../../lib/api';

/** The support actions on a player, by the path the player detail page knows them by. */
const PLAYER_ACTIONS = {
  'resend-verification': adminUsersEndpoints.resendVerification,
  'password-reset': adminUsersEndpoints.passwordReset,
  'sessions/revoke': adminUsersEndpoints.revokeSessions,
} as const;

/** Calls of the admin users tables, typed by the contract. */
export const adminUsersApi = {
  /** Suspends or reactivates a player. */
  setStatus: (userId: string, body: AccountStatusRequest) =>
    call(accountsEndpoints.setStatus, { params: { id: userId }, body }),
  /** One player's whole picture for support. */
  detail: (userId: string, signal?: AbortSignal) =>
    call(adminUsersEndpoints.playerDetail, { params: { id: userId } }, { signal }),
  /** A support action on a player: resend-verification, password-reset or sessions/revoke. */
  act: (userId: string, action: PlayerAction) => call(PLAYER_ACTIONS[action], { params: { id: userId } }),
};

/** Erases a player's personal data: on their pending request, or (an owner) without one, giving a reason. */
export const erasePlayer = (userId: string, body: PlayerErase) =>
  call(adminUsersEndpoints.erase, { params: { id: userId }, body });

/** Support turns off a player's two-step verification, saying how they checked who the player is. */
export const turnOffTwoStep = (userId: string, body: SupportTwoStepOff) =>
  call(adminUsersEndpoints.turnOffTwoStep, { params: { id: userId }, body });

export type PlayerAction = keyof typeof PLAYER_ACTIONS;
