/**
 * Game-server events as others use them: server keys (launcher code exchange, the back-office's game
 * settings), ingestion (demo seed).
 */
export {
  createServerKey,
  lockServerKey,
  resolveServerKey,
  revokeServerKey,
  type ServerKeyRow,
  serverKeysOf,
} from './keys';
export { eventsPersonalData } from './personal-data';
export { gameServerOf } from './server-key-auth';
export { ingestEvents } from './service';
