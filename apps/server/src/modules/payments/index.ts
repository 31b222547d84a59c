/** Payments as checkout uses them: the configured provider and where it sends the player back. */
export { paymentProvider, returnUrlFor } from './provider';
