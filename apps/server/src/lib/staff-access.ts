import { STAFF_CAPABILITIES, type StaffCapability, type StaffRole } from '@portal/contract';

/**
 * Who may do what in the back-office: the one place roles are defined (printed in docs/staff-roles.md by
 * its test). Each admin route needs one capability, or only a signed-in staff member ('own-account': their
 * own sign-out, sessions, sign-in history and two-step setup). A route missing here is refused to every role,
 * and the access test fails until it is placed.
 */
export const ROLE_CAPABILITIES: Record<StaffRole, readonly StaffCapability[]> = {
  owner: STAFF_CAPABILITIES,
  // Players' tickets: tables, actions, referral codes and developer accounts; no exports, sales or email blast.
  support: ['players.read', 'players.act', 'referrals.manage', 'developers.manage'],
  // Money: sales orders, their exports and refunds, the dashboards (revenue); player tables read-only.
  finance: ['players.read', 'sales.read', 'sales.export', 'sales.refund', 'analytics.read'],
  // Dashboards and read-only tables; no exports of personal data, no actions.
  analyst: ['players.read', 'analytics.read'],
};

export type RouteNeed = StaffCapability | 'own-account';

const ROUTES_BY_NEED: Record<RouteNeed, string[]> = {
  'own-account': [
    'POST /api/admin/logout',
    'GET /api/admin/me',
    'GET /api/admin/access',
    'GET /api/admin/sessions',
    'DELETE /api/admin/sessions/:id',
    'POST /api/admin/sessions/revoke-others',
    'GET /api/admin/security/events',
    'GET /api/admin/mfa',
    'POST /api/admin/mfa/totp/setup',
    'POST /api/admin/mfa/totp/enable',
    'POST /api/admin/mfa/totp/disable',
    'GET /api/admin/passkeys',
    'POST /api/admin/passkeys/register/options',
    'POST /api/admin/passkeys/register/verify',
    'PATCH /api/admin/passkeys/:id',
    'DELETE /api/admin/passkeys/:id',
    'POST /api/admin/step-up',
    'POST /api/admin/mfa/recovery-codes',
  ],
  'players.read': [
    'GET /api/users/paginate/:game',
    'GET /api/admin/users/:id',
    'GET /api/admin/players/search',
    // An order's entitlements and deliveries: opened from the sales dashboard and the player detail.
    'GET /api/admin/orders/:txnid/fulfilment',
    'GET /api/referralCodes/caliber',
    'GET /api/all-referralCodes',
  ],
  'players.act': [
    'POST /api/admin/users/:id/status',
    'POST /api/admin/users/:id/resend-verification',
    'POST /api/admin/users/:id/password-reset',
    'POST /api/admin/users/:id/sessions/revoke',
    'POST /api/admin/users/:id/two-step/disable',
    'POST /api/admin/users/:id/erase',
  ],
  'players.export': [
    'POST /api/users/paginate/:game/export/link',
    'GET /api/users/paginate/:game/export',
    'POST /api/referralCodes/caliber/export/link',
    'GET /api/referralCodes/caliber/export',
    'POST /api/all-referralCodes/export/link',
    'GET /api/all-referralCodes/export',
  ],
  'referrals.manage': ['POST /api/referralCodes'],
  'developers.manage': [
    'GET /api/admin/developers',
    'POST /api/admin/developers',
    'DELETE /api/admin/developers/:userId',
  ],
  'email.send': [
    'GET /api/email-blast',
    'POST /api/email-blast/recipients',
    'DELETE /api/email-blast/recipients/:id',
    'POST /api/email-blast',
  ],
  'analytics.read': [
    ...[
      '/api/caliber-daily-registration-count',
      '/api/caliber-total-count',
      '/api/caliber-total-count-today',
      '/api/caliber-total-count-this-month',
      '/api/yggdra-daily-registration-count',
      '/api/yggdra-total-count',
      '/api/yggdra-total-count-today',
      '/api/yggdra-total-count-this-month',
      '/api/weekly-registration-count/:game',
      '/api/registrations/weekly/:game',
      '/api/monthly-registrations/:game',
      '/api/age-distribution/:game',
      '/api/age-distribution',
      '/api/country-distribution',
      '/api/daily-referralCodes',
      '/api/total-caliber-referral',
      '/api/daily-active-users',
      '/api/tr-daily-active-users',
      '/api/game-downloads',
      '/api/weekly-users-per-day/:game',
      '/api/monthly-users-per-day/:game',
      '/api/sales/byStoreType',
      '/api/calculateLTV',
      '/api/buyingUsersList',
      '/api/getWeeklySalesPerYear',
      '/api/getCcuAndActiveUsers',
      '/api/getCCUDataToday',
      '/api/getCCUDataWeekly',
      '/api/getStickinessReport',
      '/api/getMonthlyCCU',
      '/api/getChurnRateReport',
      '/api/getMauBasedChurnReport',
      '/api/getWeeklyRetention/:game',
      '/api/getReturningUsersRetention/:game',
      '/api/getDailyActiveRetention/:game',
      '/api/getPurchaseRetention',
      '/api/getItemSales',
      '/api/getNewBuyingUsers',
      '/api/getReturningBuyingUsers',
      '/api/getWeeklyRevenue',
    ].map((path) => `GET ${path}`),
  ],
  // The sales dashboard's routes also open to players whose role is 'admin' (spec); this is for staff tokens.
  'sales.read': ['POST /api/getorders'],
  'sales.export': ['POST /api/exportorders/link'],
  'sales.refund': ['POST /api/admin/orders/:txnid/refund'],
  'audit.read': [
    'GET /api/admin/audit',
    'GET /api/admin/audit/filters',
    'POST /api/admin/audit/export/link',
    'GET /api/admin/audit/export',
  ],
  'staff.manage': [
    'GET /api/admin/staff',
    'POST /api/admin/staff',
    'PATCH /api/admin/staff/:id',
    'DELETE /api/admin/staff/invitations/:id',
  ],
  'games.manage': [
    'GET /api/admin/games',
    'PUT /api/admin/games/:game/webhook',
    'POST /api/admin/games/:game/webhook/rotate-secret',
    'POST /api/admin/games/:game/webhook/test',
    'POST /api/admin/games/:game/keys',
    'DELETE /api/admin/games/:game/keys/:id',
    'GET /api/admin/deliveries',
    'POST /api/admin/deliveries/:id/retry',
  ],
  'apps.manage': [
    'GET /api/admin/oidc/clients',
    'POST /api/admin/oidc/clients',
    'GET /api/admin/oidc/clients/:id',
    'PATCH /api/admin/oidc/clients/:id',
    'DELETE /api/admin/oidc/clients/:id',
    'POST /api/admin/oidc/clients/:id/rotate-secret',
  ],
};

/** 'METHOD /route/:pattern' → what it needs. */
export const ADMIN_ROUTE_NEEDS: ReadonlyMap<string, RouteNeed> = new Map(
  Object.entries(ROUTES_BY_NEED).flatMap(([need, routes]) =>
    routes.map((route) => [route, need as RouteNeed] as const),
  ),
);

/** The capabilities of a role, for the navigation. */
export const capabilitiesOf = (role: StaffRole): StaffCapability[] => [...ROLE_CAPABILITIES[role]];

/** Whether a staff member of `role` may call the route `METHOD /pattern` (unknown routes: nobody). */
export function mayCall(role: StaffRole, route: string): boolean {
  const need = ADMIN_ROUTE_NEEDS.get(route);
  if (!need) return false;
  return need === 'own-account' || ROLE_CAPABILITIES[role].includes(need);
}
