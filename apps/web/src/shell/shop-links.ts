/**
 * The players' webshops (issue #18: linked from the navigation, the profile and an empty order history). Apart
 * from links.ts, which the first page loads, so they come only with the pages that show them.
 */
export const SHOP_LINKS = [
  { label: 'Yggdra Webshop', to: '/webshop' },
  { label: 'Tales Runner Webshop', to: '/TRWebshop' },
] as const;

export const ORDER_HISTORY_PATH = '/orders';
