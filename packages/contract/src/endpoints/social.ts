import type { Endpoint } from '../endpoint';

/** The social module's endpoints. */
export const socialEndpoints = {} as const satisfies Record<string, Endpoint>;
