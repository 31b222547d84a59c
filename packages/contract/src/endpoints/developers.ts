import type { Endpoint } from '../endpoint';

/** The developers module's endpoints. */
export const developersEndpoints = {} as const satisfies Record<string, Endpoint>;
