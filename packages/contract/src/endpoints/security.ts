import type { Endpoint } from '../endpoint';

/** The security module's endpoints. */
export const securityEndpoints = {} as const satisfies Record<string, Endpoint>;
