import { deleteRowsOf, type PersonalData } from '../../lib/personal-data';

const ERASED = ['mfa_challenges'] as const;

/** The second steps of sign-ins waiting for a code are deleted. */
export const signInPersonalData: PersonalData = {
  tables: { mfa_challenges: 'deleted' },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
