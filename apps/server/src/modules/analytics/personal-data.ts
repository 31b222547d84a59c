import type { PersonalData } from '../../lib/personal-data';

/** The rollups count players by id only; erasure leaves the counts as they were. */
export const analyticsPersonalData: PersonalData = {
  tables: {
    activity_sets: 'kept: bare ids behind the active-player counts',
    activity_first_seen: 'kept: bare ids behind the new-player counts',
    daily_referral_registrations: 'kept: counts per referral code, as the codes are (referrals)',
    sales_recorded: 'kept: bare order ids behind the sales counts, as the orders are',
  },
  nothingPersonal: {
    daily_registrations: 'registrations counted per game and day',
    daily_registration_ages: 'registrations counted per game, day and age',
    daily_registration_countries: 'registrations counted per game, day and country',
    rollup_watermarks: 'how far each rollup has read',
    activity_counts: 'players counted per game, metric and period',
    ccu_slots: 'players online counted per game and 5 minutes',
    ccu_daily_peaks: 'the most players online per game and day',
    daily_downloads: 'downloads counted per game and day',
    daily_sales: 'orders and revenue summed per game, day and store',
    daily_item_sales: 'items and revenue summed per game, day and SKU',
  },
};
