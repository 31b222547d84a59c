/** Analytics as event ingestion feeds it (the rollups each batch updates, in reporting days) and the demo seeds it. */

export { analyticsPersonalData } from './personal-data';
export { rebuildRegistrationRollups } from './registration-rollup';
export { lockGameRollups, recordActivity, recordDownloads, recordSessions } from './rollups';
export { rollupPaidOrders } from './sales-source';
export { addDays, reportingDay } from './time';
