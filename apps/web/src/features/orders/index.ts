/** What other features show of orders: one order's summary (the payment result pages). */
export { useMyOrder } from './api';
export { OrderCard } from './OrderSummary';
