/**
 * What other features show of orders: one order's summary (the payment result pages), and Xsolla's fraud and
 * dispute notes of an order (the player detail).
 */
export { useMyOrder } from './api';
export { DisputeNotes } from './DisputeNotes';
export { OrderCard } from './OrderSummary';
