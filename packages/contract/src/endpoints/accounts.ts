import type { Endpoint } from '../endpoint';

/** The accounts module's endpoints. */
export const accountsEndpoints = {} as const satisfies Record<string, Endpoint>;
