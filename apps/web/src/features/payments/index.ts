/** What the shops show of payments: the test-payments banner. */
export { TestPaymentsBanner } from './TestPaymentsBanner';
