import { PAGES } from './pages';

/**
 * The players' webshops (issue #18: linked from the profile and an empty order history; the side navigation
 * lists them from shell/pages.ts).
 */
export const SHOP_LINKS = [
  { label: 'Yggdra Webshop', to: PAGES.webshop.path },
  { label: 'Tales Runner Webshop', to: PAGES.talesRunnerWebshop.path },
] as const;

export const ORDER_HISTORY_PATH = PAGES.orders.path;
