import { deleteRowsOf, type PersonalData } from '../../lib/personal-data';

const ERASED = ['shop_cart_items'] as const;

/** The carts are deleted; the catalog names no one. */
export const shopPersonalData: PersonalData = {
  tables: { shop_cart_items: 'deleted' },
  nothingPersonal: {
    shop_groups: "the catalog's groups",
    shop_products: "the catalog's products",
    shop_product_groups: 'which group holds which product',
    shop_catalog_version: "the catalog's version, for caches",
  },
  erase: (tx, userId) => deleteRowsOf(tx, userId, ERASED),
};
