/**
 * The shop module as other modules use it: carts and stock for checkout, the catalog writer for seeds and tests,
 * the catalog cache for the shop pages the server renders, products' names for analytics' item sales.
 */
export { buyNowLine, cartLines, cartTotalCents, clearCart, lockCart, restoreCartLines } from './cart';
export { type CatalogProduct, insertCatalog, productNameOf, releaseStock, reserveStock } from './catalog';
export { type CatalogCache, createCatalogCache } from './catalog-cache';
export { shopPersonalData } from './personal-data';
