/** Orders as other modules use them: created at checkout, moved forward by payments, read by their pages. */

export { ordersPersonalData } from './personal-data';
export {
  claimOrderRefund,
  isRefundable,
  markOrderRefunded,
  recordOrderDispute,
  recordOrderFraud,
  recordPartialRefund,
  releaseOrderRefund,
} from './refunds';
export { orderSalesFeed } from './sales-feed';
export {
  cancelOpenOrdersOf,
  confirmationMessage,
  createOrder,
  expireOverdueOrdersOf,
  expireReservations,
  findOrderByProviderOrderId,
  findOrderByTxnid,
  lockPlayerOrders,
  markOrderFailed,
  markOrderPaid,
  newTxnid,
  type OrderRecord,
  openOrdersOf,
  orderItemsOf,
  recordDoubleCharge,
  recordLatePayment,
  setProviderOrderId,
} from './service';
export { latestOrdersOf, playerOfTxnid } from './support-orders';
