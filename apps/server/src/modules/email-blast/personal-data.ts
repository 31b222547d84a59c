import type { PersonalData } from '../../lib/personal-data';

/** Blasts name the staff member who made or sent them; a player's erasure does not touch them. */
export const emailBlastPersonalData: PersonalData = {
  tables: {
    email_blast_recipients: 'kept: staff-managed test recipients, not linked to accounts',
    email_blast_sends: 'kept: names the staff member who sent the blast',
  },
};
