import type { Endpoint } from '../endpoint';

/** The admin-users module's endpoints. */
export const adminUsersEndpoints = {} as const satisfies Record<string, Endpoint>;
