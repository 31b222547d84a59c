import type { Endpoint } from '../endpoint';

/** The mfa module's endpoints. */
export const mfaEndpoints = {} as const satisfies Record<string, Endpoint>;
