import { deleteRowsOf, type PersonalData } from '../../lib/personal-data';

const ERASED = ['shop_cart_items'] as const;

/** The carts are deleted. */
export const shopPersonalData: PersonalData = {
  tables: { shop_cart_items: 'deleted' },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
