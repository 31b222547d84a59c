import { messageReplySchema } from '../accounts';
import {
  developerParamsSchema,
  developersReplySchema,
  developerVerifyParamsSchema,
  developerVerifyReplySchema,
  markDeveloperReplySchema,
  markDeveloperSchema,
} from '../developers';
import { defineEndpoint, type Endpoint } from '../endpoint';

const tags = ['developers'] as const;

/** Developer accounts: the public verification link, and the back-office's marking. */
export const developersEndpoints = {
  /** The link mailed to a developer: public, the token is the proof; an unknown one answers 404 (same shape). */
  verifyEmail: defineEndpoint({
    method: 'GET',
    path: '/api/developer-verifyemail/:token',
    auth: 'none',
    proof: 'own',
    carries: 'the emailed link',
    params: developerVerifyParamsSchema,
    reply: developerVerifyReplySchema,
    tags,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/developers',
    auth: 'admin',
    staff: 'developers.manage',
    proof: 'session',
    reply: developersReplySchema,
    tags,
  }),
  /** Marks a player account as a developer and mails its link. */
  mark: defineEndpoint({
    method: 'POST',
    path: '/api/admin/developers',
    auth: 'admin',
    staff: 'developers.manage',
    proof: 'recent',
    body: markDeveloperSchema,
    reply: markDeveloperReplySchema,
    tags,
  }),
  unmark: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/developers/:userId',
    auth: 'admin',
    staff: 'developers.manage',
    proof: 'recent',
    params: developerParamsSchema,
    reply: messageReplySchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
