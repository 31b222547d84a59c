/** Game-server events as others use them: server keys (launcher code exchange), ingestion (demo seed). */
export { createServerKey, resolveServerKey } from './keys';
export { eventsPersonalData } from './personal-data';
export { gameServerOf } from './server-key-auth';
export { ingestEvents } from './service';
