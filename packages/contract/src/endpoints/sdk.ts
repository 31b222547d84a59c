import { defineEndpoint, type Endpoint } from '../endpoint';
import { sdkListReplySchema, sdkParamsSchema } from '../sdk';

const tags = ['sdk'] as const;

/** SDK downloads (public): the list with checksums, and each zip archive. */
export const sdkEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/sdk',
    auth: 'none',
    proof: 'none',
    reply: sdkListReplySchema,
    tags,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/sdk/:id/download',
    auth: 'none',
    proof: 'none',
    params: sdkParamsSchema,
    tags,
  }),
} as const satisfies Record<string, Endpoint>;
