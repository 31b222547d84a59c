import type { PersonalData } from '../../lib/personal-data';

/** Game-server events carry the player's id and no other personal column. */
export const eventsPersonalData: PersonalData = {
  tables: { game_events: 'kept: sessions and levels by bare id, for audit and replays' },
  nothingPersonal: { game_server_keys: "the games' servers' keys, hashed" },
};
