import type { PersonalData } from '../../lib/personal-data';

/** What orders granted stays with the orders, which accounting keeps. */
export const entitlementsPersonalData: PersonalData = {
  tables: { entitlements: 'kept with the orders that granted them' },
};
