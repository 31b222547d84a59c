/**
 * What other features show of entitlements: an order's items and their deliveries (sales, player detail);
 * the dialog that shows a secret once (the Apps page's client secrets too).
 */
export { OrderFulfilmentDialog } from './OrderFulfilment';
export { type ShownOnce, ShownOnceDialog } from './ShownOnceDialog';
