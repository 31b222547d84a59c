import type { PersonalData } from '../../lib/personal-data';

/** The rollups count players by id only; erasure leaves the counts as they were. */
export const analyticsPersonalData: PersonalData = {
  tables: {
    activity_sets: 'kept: bare ids behind the active-player counts',
    activity_first_seen: 'kept: bare ids behind the new-player counts',
  },
};
