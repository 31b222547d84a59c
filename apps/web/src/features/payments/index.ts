/** What the shops show of payments: the test-payments banner, and opening a payment page (cart or Buy Now). */
export { startCheckout } from './checkout';
export { seedPaymentMode, TestPaymentsBanner } from './TestPaymentsBanner';
