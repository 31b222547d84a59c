import type { PersonalData } from '../../lib/personal-data';

/** The invitations name who invited: a player's erasure does not touch them. */
export const staffPersonalData: PersonalData = {
  tables: { staff_invitations: 'kept: names the inviting staff member' },
};
