import type { Endpoint } from '../endpoint';

/** The audit module's endpoints. */
export const auditEndpoints = {} as const satisfies Record<string, Endpoint>;
