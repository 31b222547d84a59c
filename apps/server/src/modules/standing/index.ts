/** Player safety's core (issue #37): what is in force, the refusal it makes, the player's standing. */

export { emailBanned } from './evasion';
export {
  assertNotSanctioned,
  covers,
  refusalOf,
  refusingSanction,
  type SanctionRow,
  sanctionedError,
  sanctionStatus,
  sanctionsInForce,
  sanctionsInForceOf,
} from './in-force';
export { standingPersonalData } from './personal-data';
export {
  appealsPage,
  findSanction,
  insertSanction,
  lockAppeal,
  lockSanction,
  markAppealDecided,
  markSanctionLifted,
  sanctionsByIds,
  sanctionsPage,
} from './records';
export { type AppealRow, appealsOf, appealView, sanctionView } from './standing';
export { issueStandingToken } from './standing-token';
