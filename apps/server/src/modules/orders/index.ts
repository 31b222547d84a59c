/** Orders as other modules use them: created at checkout, moved forward by payments, read by their pages. */
export {
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
  recordLatePayment,
  setProviderOrderId,
} from './service';
