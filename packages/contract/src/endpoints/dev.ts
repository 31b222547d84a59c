import type { Endpoint } from '../endpoint';

/** The dev module's endpoints. */
export const devEndpoints = {} as const satisfies Record<string, Endpoint>;
