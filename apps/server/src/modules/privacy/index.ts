/** Privacy requests as other modules use them: staff erasure, the pending deletion shown to staff, the task. */
export { eraseDueAccounts, erasePlayerNow, pendingDeletion } from './deletion';
