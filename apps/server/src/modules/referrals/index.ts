/** Referral codes as registration uses them. */

export { referralsPersonalData } from './personal-data';
export { countReferralVisit, createPersonalReferralCode, findReferralCode } from './service';
