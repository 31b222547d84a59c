import type { PersonalData } from '../../lib/personal-data';

/** Staff accounts: a player's erasure does not touch them. */
export const adminAuthPersonalData: PersonalData = {
  tables: { admins: 'not a player: staff accounts are deactivated, never erased' },
};
