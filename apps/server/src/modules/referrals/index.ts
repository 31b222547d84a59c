/** Referral codes as registration uses them, and the codes a player owns (support's player detail). */

export { referralsPersonalData } from './personal-data';
export {
  countReferralVisit,
  createPersonalReferralCode,
  findReferralCode,
  referralCodesJsonOf,
  referralCodesOwnedBy,
  referralUrl,
} from './service';
