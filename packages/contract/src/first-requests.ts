/**
 * The paths of the GETs the web app makes first as it opens a page (the player's session check and a page's
 * first data, the admin's two-step status and role): zod-free, so the web's entry can start them before the
 * app's modules have loaded (decision 0096). Their endpoints declare them from here.
 */
export const FIRST_REQUEST_PATHS = {
  userInfo: '/api/user-info',
  profile: '/api/profile',
  myOrders: '/api/orders/mine',
  cart: '/api/xsolla/:game/cart',
  adminMfaStatus: '/api/admin/mfa',
  staffAccess: '/api/admin/access',
} as const;
