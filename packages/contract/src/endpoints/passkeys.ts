import type { Endpoint } from '../endpoint';

/** The passkeys module's endpoints. */
export const passkeysEndpoints = {} as const satisfies Record<string, Endpoint>;
