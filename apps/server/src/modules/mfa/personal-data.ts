import { clearFailures } from '../../lib/lockout';
import { deleteRowsOf, type PersonalData } from '../../lib/personal-data';
import { lockoutKey } from './subject';

const ERASED = ['totp_credentials'] as const;

/** Two-step verification: the secret (its recovery codes go with it) and the count of wrong codes are deleted. */
export const mfaPersonalData: PersonalData = {
  tables: {
    totp_credentials: 'deleted, with its recovery codes',
    mfa_recovery_codes: 'deleted with the credential they belong to',
  },
  async erase(tx, userId) {
    await deleteRowsOf(tx, userId, ERASED);
    await clearFailures(tx, 'mfa', lockoutKey({ kind: 'player', id: userId }));
  },
};
