/**
 * Admin accounts as other modules make them: an accepted staff invitation creates its admin; a passkey
 * sign-in ends in an admin session; the staff step-up proves the password again through the sign-in
 * pipeline (`adminAudience`).
 */

export { adminAuthPersonalData } from './personal-data';
export {
  adminAudience,
  createAdmin,
  findAdminById,
  signInAdminWithPasskey,
} from './service';
export {
  allStaff,
  anotherActiveOwner,
  lockActiveOwner,
  setStaffRole,
  staffAccounts,
  staffEmailOf,
  staffEmailTaken,
  staffMembers,
  staffNamed,
  staffNameOf,
} from './staff-directory';
