/** The shop module as other modules use it: carts and stock for checkout, the catalog writer for seeds and tests. */
export { buyNowLine, cartLines, cartTotalCents, clearCart, lockCart, restoreCartLines } from './cart';
export { type CatalogProduct, insertCatalog, releaseStock, reserveStock } from './catalog';
export { shopPersonalData } from './personal-data';
