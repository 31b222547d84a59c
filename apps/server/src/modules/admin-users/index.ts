/** The users tables as the referral-codes page uses them (the same listing, columns and export). */
export { referralCodeColumns, userColumns } from './columns';
export { allUsers, listUsers } from './service';
