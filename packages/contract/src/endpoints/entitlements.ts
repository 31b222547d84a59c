import type { Endpoint } from '../endpoint';

/** The entitlements module's endpoints. */
export const entitlementsEndpoints = {} as const satisfies Record<string, Endpoint>;
