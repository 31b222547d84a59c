import type { Endpoint } from '../endpoint';

/** The oidc module's endpoints. */
export const oidcEndpoints = {} as const satisfies Record<string, Endpoint>;
