import type { Endpoint } from '../endpoint';

/** The staff module's endpoints. */
export const staffEndpoints = {} as const satisfies Record<string, Endpoint>;
