import type { Endpoint } from '../endpoint';

/** The orders module's endpoints. */
export const ordersEndpoints = {} as const satisfies Record<string, Endpoint>;
