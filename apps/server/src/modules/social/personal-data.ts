import { deleteRowsOf, type PersonalData } from '../../lib/personal-data';

const ERASED = ['social_identities', 'social_exchange_tokens'] as const;

/** Linked Google and Facebook identities and their one-time exchange tokens are deleted. */
export const socialPersonalData: PersonalData = {
  tables: { social_identities: 'deleted', social_exchange_tokens: 'deleted' },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
