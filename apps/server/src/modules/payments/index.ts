/**
 * Payments as checkout uses them: the configured provider and where it sends the player back; and what they
 * hold about players.
 */
export { paymentsPersonalData } from './personal-data';
export { paymentProvider, returnUrlFor } from './provider';
