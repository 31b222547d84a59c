import { deleteRowsOf, type PersonalData } from '../../lib/personal-data';

const ERASED = ['developers'] as const;

/** Developer status ends with the account. */
export const developersPersonalData: PersonalData = {
  tables: { developers: 'deleted' },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
