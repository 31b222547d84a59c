import { messageReplySchema } from '../accounts';
import { defineEndpoint, type Endpoint } from '../endpoint';
import { exportLinkReplySchema } from '../orders';
import {
  playerDetailSchema,
  playerEraseSchema,
  playerIdParamsSchema,
  supportTwoStepOffSchema,
} from '../player-detail';
import { playerSearchQuerySchema, playerSearchReplySchema } from '../player-search';
import {
  adminUsersPageSchema,
  downloadSignatureQuery,
  tableGameParamsSchema,
  tableQuerySchema,
} from '../tables';

const tags = ['admin'] as const;

/** A support action on one player: no body, a message back. */
const playerAction = <const P extends `/${string}`>(path: P) =>
  defineEndpoint({
    method: 'POST',
    path,
    auth: 'admin',
    staff: 'players.act',
    proof: 'session',
    params: playerIdParamsSchema,
    reply: messageReplySchema,
    tags,
  });

/**
 * The users tables of every game (Caliber, Yggdra, Tales Runner; `:game`) and their exports, the Referral
 * Codes page's table of referred players, support's player search, and the player detail with its actions.
 */
export const adminUsersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/users/paginate/:game',
    auth: 'admin',
    staff: 'players.read',
    proof: 'session',
    params: tableGameParamsSchema,
    query: tableQuerySchema,
    reply: adminUsersPageSchema,
    tags,
  }),
  exportLink: defineEndpoint({
    method: 'POST',
    path: '/api/users/paginate/:game/export/link',
    auth: 'admin',
    staff: 'players.export',
    proof: 'session',
    params: tableGameParamsSchema,
    body: tableQuerySchema,
    reply: exportLinkReplySchema,
    tags,
  }),
  /** The workbook, with the bearer token (API clients) or a signed link from `exportLink` (the web app). */
  export: defineEndpoint({
    method: 'GET',
    path: '/api/users/paginate/:game/export',
    auth: 'admin',
    staff: 'players.export',
    proof: 'session',
    params: tableGameParamsSchema,
    query: tableQuerySchema.extend(downloadSignatureQuery),
    tags,
  }),
  /** Caliber players who registered with a referral code (the Referral Codes page). */
  referredList: defineEndpoint({
    method: 'GET',
    path: '/api/referralCodes/caliber',
    auth: 'admin',
    staff: 'players.read',
    proof: 'session',
    query: tableQuerySchema,
    reply: adminUsersPageSchema,
    tags,
  }),
  referredExportLink: defineEndpoint({
    method: 'POST',
    path: '/api/referralCodes/caliber/export/link',
    auth: 'admin',
    staff: 'players.export',
    proof: 'session',
    body: tableQuerySchema,
    reply: exportLinkReplySchema,
    tags,
  }),
  /** The referred players' workbook, with the bearer token or a signed link from `referredExportLink`. */
  referredExport: defineEndpoint({
    method: 'GET',
    path: '/api/referralCodes/caliber/export',
    auth: 'admin',
    staff: 'players.export',
    proof: 'session',
    query: tableQuerySchema.extend(downloadSignatureQuery),
    tags,
  }),
  /** Support's one search box: players of every game by email, nickname, player id or txnid. */
  searchPlayers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/players/search',
    auth: 'admin',
    staff: 'players.read',
    proof: 'session',
    query: playerSearchQuerySchema,
    reply: playerSearchReplySchema,
    tags,
  }),
  /** One player's whole picture for support. */
  playerDetail: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id',
    auth: 'admin',
    staff: 'players.read',
    proof: 'session',
    params: playerIdParamsSchema,
    reply: playerDetailSchema,
    tags,
  }),
  resendVerification: playerAction('/api/admin/users/:id/resend-verification'),
  passwordReset: playerAction('/api/admin/users/:id/password-reset'),
  revokeSessions: playerAction('/api/admin/users/:id/sessions/revoke'),
  /** No body for a player who asked to be deleted; an owner erasing without a request sends { reason }. */
  erase: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/erase',
    auth: 'admin',
    staff: 'players.act',
    proof: 'recent',
    params: playerIdParamsSchema,
    body: playerEraseSchema.nullish(),
    reply: messageReplySchema,
    tags,
  }),
  turnOffTwoStep: defineEndpoint({
    method: 'POST',
    path: '/api/admin/users/:id/two-step/disable',
    auth: 'admin',
    staff: 'players.act',
    proof: 'recent',
    params: playerIdParamsSchema,
    body: supportTwoStepOffSchema,
    reply: messageReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
