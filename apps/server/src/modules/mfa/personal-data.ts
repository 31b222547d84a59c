import { deleteRowsOf, type PersonalData } from '../../lib/personal-data';

const ERASED = ['totp_credentials', 'mfa_challenges'] as const;

/** Two-step verification: the secret (its recovery codes go with it) and pending challenges are deleted. */
export const mfaPersonalData: PersonalData = {
  tables: { totp_credentials: 'deleted, with its recovery codes', mfa_challenges: 'deleted' },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
