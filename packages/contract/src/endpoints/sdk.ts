import type { Endpoint } from '../endpoint';

/** The sdk module's endpoints. */
export const sdkEndpoints = {} as const satisfies Record<string, Endpoint>;
