import type { PersonalData } from '../../lib/personal-data';

/** Staff accounts and the invitations naming who invited: a player's erasure does not touch them. */
export const staffPersonalData: PersonalData = {
  tables: {
    admins: 'not a player: staff accounts are deactivated, never erased',
    staff_invitations: 'kept: names the inviting staff member',
  },
};
