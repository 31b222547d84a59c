/** Orders as other modules use them: created at checkout, moved forward by payments, read by their pages. */

export { ordersPersonalData } from './personal-data';
export {
  claimOrderRefund,
  confirmationMessage,
  createOrder,
  disputeOf,
  expireOverdueOrdersOf,
  expireReservations,
  findOrderByProviderOrderId,
  findOrderByTxnid,
  fraudOf,
  isRefundable,
  lockPlayerOrders,
  markOrderFailed,
  markOrderPaid,
  markOrderRefunded,
  newTxnid,
  type OrderRecord,
  openOrdersOf,
  orderItemsOf,
  recordLatePayment,
  recordOrderDispute,
  recordOrderFraud,
  recordPartialRefund,
  releaseOrderRefund,
  setProviderOrderId,
} from './service';
