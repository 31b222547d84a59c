import type { Endpoint } from '../endpoint';

/** The checkout module's endpoints. */
export const checkoutEndpoints = {} as const satisfies Record<string, Endpoint>;
