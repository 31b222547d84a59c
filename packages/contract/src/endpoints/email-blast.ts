import type { Endpoint } from '../endpoint';

/** The email-blast module's endpoints. */
export const emailBlastEndpoints = {} as const satisfies Record<string, Endpoint>;
