import { deleteRowsOf, type PersonalData } from '../../lib/personal-data';

const ERASED = ['passkey_credentials', 'webauthn_challenges'] as const;

/** Passkeys and their pending challenges are deleted. */
export const passkeysPersonalData: PersonalData = {
  tables: { passkey_credentials: 'deleted', webauthn_challenges: 'deleted' },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
