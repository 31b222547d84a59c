import type { Endpoint } from '../endpoint';

/** The analytics module's endpoints. */
export const analyticsEndpoints = {} as const satisfies Record<string, Endpoint>;
