import type { Endpoint } from '../endpoint';

/** The step-up module's endpoints. */
export const stepUpEndpoints = {} as const satisfies Record<string, Endpoint>;
