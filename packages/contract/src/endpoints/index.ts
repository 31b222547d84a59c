import type { Endpoint } from '../endpoint';
import { accountsEndpoints } from './accounts';
import { adminAuthEndpoints } from './admin-auth';
import { adminUsersEndpoints } from './admin-users';
import { analyticsEndpoints } from './analytics';
import { auditEndpoints } from './audit';
import { checkoutEndpoints } from './checkout';
import { devEndpoints } from './dev';
import { developersEndpoints } from './developers';
import { emailBlastEndpoints } from './email-blast';
import { entitlementsEndpoints } from './entitlements';
import { eventsEndpoints } from './events';
import { gameLoginEndpoints } from './game-login';
import { mfaEndpoints } from './mfa';
import { moderationEndpoints } from './moderation';
import { oidcEndpoints } from './oidc';
import { ordersEndpoints } from './orders';
import { passkeysEndpoints } from './passkeys';
import { paymentsEndpoints } from './payments';
import { privacyEndpoints } from './privacy';
import { referralsEndpoints } from './referrals';
import { sdkEndpoints } from './sdk';
import { securityEndpoints } from './security';
import { shopEndpoints } from './shop';
import { socialEndpoints } from './social';
import { staffEndpoints } from './staff';
import { standingEndpoints } from './standing';
import { stepUpEndpoints } from './step-up';

export { accountsEndpoints } from './accounts';
export { adminAuthEndpoints } from './admin-auth';
export { adminUsersEndpoints } from './admin-users';
export { analyticsEndpoints } from './analytics';
export { auditEndpoints } from './audit';
export { checkoutEndpoints } from './checkout';
export { devEndpoints } from './dev';
export { developersEndpoints } from './developers';
export { emailBlastEndpoints } from './email-blast';
export { entitlementsEndpoints } from './entitlements';
export { eventsEndpoints } from './events';
export { gameLoginEndpoints } from './game-login';
export { mfaEndpoints } from './mfa';
export { moderationEndpoints } from './moderation';
export { oidcEndpoints } from './oidc';
export { ordersEndpoints } from './orders';
export { passkeysEndpoints } from './passkeys';
export { paymentsEndpoints } from './payments';
export { privacyEndpoints } from './privacy';
export { referralsEndpoints } from './referrals';
export { sdkEndpoints } from './sdk';
export { securityEndpoints } from './security';
export { shopEndpoints } from './shop';
export { socialEndpoints } from './social';
export { staffEndpoints } from './staff';
export { standingEndpoints } from './standing';
export { stepUpEndpoints } from './step-up';

/** Every endpoint the portal serves, by module (the server's module folders), for the route and staff checks. */
export const ENDPOINTS_BY_MODULE = {
  accounts: accountsEndpoints,
  'admin-auth': adminAuthEndpoints,
  'admin-users': adminUsersEndpoints,
  analytics: analyticsEndpoints,
  audit: auditEndpoints,
  checkout: checkoutEndpoints,
  dev: devEndpoints,
  developers: developersEndpoints,
  'email-blast': emailBlastEndpoints,
  entitlements: entitlementsEndpoints,
  events: eventsEndpoints,
  'game-login': gameLoginEndpoints,
  mfa: mfaEndpoints,
  moderation: moderationEndpoints,
  oidc: oidcEndpoints,
  orders: ordersEndpoints,
  passkeys: passkeysEndpoints,
  payments: paymentsEndpoints,
  privacy: privacyEndpoints,
  referrals: referralsEndpoints,
  sdk: sdkEndpoints,
  security: securityEndpoints,
  shop: shopEndpoints,
  social: socialEndpoints,
  staff: staffEndpoints,
  standing: standingEndpoints,
  'step-up': stepUpEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;
