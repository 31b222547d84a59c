import type { Endpoint } from '../endpoint';

/** The game-login module's endpoints. */
export const gameLoginEndpoints = {} as const satisfies Record<string, Endpoint>;
