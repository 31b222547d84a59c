import type { Endpoint } from '../endpoint';

/** The privacy module's endpoints. */
export const privacyEndpoints = {} as const satisfies Record<string, Endpoint>;
