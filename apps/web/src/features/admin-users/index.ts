/** The users tables' building blocks, which the referral-codes table shares. */
export { AdminTable, type Column } from './AdminTable';
export { levelLabel, usDate } from './rows';
