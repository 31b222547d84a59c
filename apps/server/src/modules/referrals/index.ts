/** Referral codes as registration uses them. */
export { countReferralVisit, createPersonalReferralCode, findReferralCode } from './service';
