import type { Endpoint } from '../endpoint';

/** The shop module's endpoints. */
export const shopEndpoints = {} as const satisfies Record<string, Endpoint>;
