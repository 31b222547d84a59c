import { defineEndpoint, type Endpoint } from '../endpoint';
import { exportLinkReplySchema } from '../orders';
import {
  createReferralCodeSchema,
  downloadSignatureQuery,
  referralCodeRowSchema,
  referralCodesPageSchema,
  tableQuerySchema,
} from '../tables';

const tags = ['admin'] as const;

/** The Referral Codes page: every code with its registration count, its export, and creating a code. */
export const referralsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/all-referralCodes',
    auth: 'admin',
    staff: 'players.read',
    proof: 'session',
    query: tableQuerySchema,
    reply: referralCodesPageSchema,
    tags,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/referralCodes',
    auth: 'admin',
    staff: 'referrals.manage',
    proof: 'session',
    body: createReferralCodeSchema,
    status: 201,
    reply: referralCodeRowSchema,
    tags,
  }),
  exportLink: defineEndpoint({
    method: 'POST',
    path: '/api/all-referralCodes/export/link',
    auth: 'admin',
    staff: 'players.export',
    proof: 'session',
    body: tableQuerySchema,
    reply: exportLinkReplySchema,
    tags,
  }),
  /** The workbook, with the bearer token (API clients) or a signed link from `exportLink` (the web app). */
  export: defineEndpoint({
    method: 'GET',
    path: '/api/all-referralCodes/export',
    auth: 'admin',
    staff: 'players.export',
    proof: 'session',
    query: tableQuerySchema.extend(downloadSignatureQuery),
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
