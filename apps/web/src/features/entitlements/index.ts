/** What other features show of entitlements: an order's items and their deliveries (sales, player detail). */
export { OrderFulfilmentDialog } from './OrderFulfilment';
