import type { PersonalData } from '../../lib/personal-data';

/** The back-office's search lines follow the account tables; its month counts name no one. */
export const adminUsersPersonalData: PersonalData = {
  tables: {
    user_search:
      "the back-office search line, rebuilt from the cleared columns by the account tables' triggers",
  },
  nothingPersonal: { user_game_month_counts: 'registrations counted per game and month' },
};
