import type { PersonalData } from '../../lib/personal-data';
import { accountsPersonalData } from '../accounts';
import { analyticsPersonalData } from '../analytics';
import { auditPersonalData } from '../audit';
import { developersPersonalData } from '../developers';
import { emailBlastPersonalData } from '../email-blast';
import { entitlementsPersonalData } from '../entitlements';
import { eventsPersonalData } from '../events';
import { gameLoginPersonalData } from '../game-login';
import { mfaPersonalData } from '../mfa';
import { moderationPersonalData } from '../moderation';
import { ordersPersonalData } from '../orders';
import { passkeysPersonalData } from '../passkeys';
import { referralsPersonalData } from '../referrals';
import { securityPersonalData } from '../security';
import { shopPersonalData } from '../shop';
import { socialPersonalData } from '../social';
import { staffPersonalData } from '../staff';
import { standingPersonalData } from '../standing';

/**
 * Every module's personal data (decision 0052), in the order the export file shows its sections: the export
 * and the erasure go through this list, and a test fails on a table naming a player or staff member that no
 * declaration lists.
 */
export const PERSONAL_DATA: readonly PersonalData[] = [
  // Before the account is anonymised: an account ban in force keeps the keyed hash of the address.
  standingPersonalData,
  accountsPersonalData,
  referralsPersonalData,
  ordersPersonalData,
  securityPersonalData,
  mfaPersonalData,
  passkeysPersonalData,
  socialPersonalData,
  gameLoginPersonalData,
  shopPersonalData,
  developersPersonalData,
  entitlementsPersonalData,
  moderationPersonalData,
  analyticsPersonalData,
  eventsPersonalData,
  auditPersonalData,
  emailBlastPersonalData,
  staffPersonalData,
];
