import type { Endpoint } from '../endpoint';

/** The admin-auth module's endpoints. */
export const adminAuthEndpoints = {} as const satisfies Record<string, Endpoint>;
