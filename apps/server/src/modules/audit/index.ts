/** The audit trail as other modules read it: a player's staff actions on the player detail page. */

export { listAudit } from './service';
