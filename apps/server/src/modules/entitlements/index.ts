/**
 * Entitlements as others use them (issue #23): orders grant and revoke them in the transactions that move an
 * order, and read them for My Orders and the back-office.
 */

export { deliverDueWebhooks, gamesWithActiveWebhook, insertDelivery } from './deliveries';
export { createDevGameInbox, devInboxUrl } from './dev-inbox';
export { listGameSettings, saveWebhook } from './game-settings';
export { grantEntitlements } from './grant';
export { deliveryOfOrders, fulfilmentOfOrder } from './order-fulfilment';
export { entitlementsPersonalData } from './personal-data';
export { revokeEntitlementsOf } from './revoke';
