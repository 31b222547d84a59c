import type { Endpoint } from '../endpoint';

/** The payments module's endpoints. */
export const paymentsEndpoints = {} as const satisfies Record<string, Endpoint>;
