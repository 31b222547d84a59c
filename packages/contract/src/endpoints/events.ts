import type { Endpoint } from '../endpoint';

/** The events module's endpoints. */
export const eventsEndpoints = {} as const satisfies Record<string, Endpoint>;
