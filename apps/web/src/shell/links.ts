import type { StaffCapability } from '@portal/contract';
import { PAGES, type PageKey } from './pages';

/** Public pages of the publisher; placeholders until the real addresses are configured. */
const SITE = 'https://www.example-games.com';

export const GAME_SITE_URL = SITE;
export const SUPPORT_URL = 'https://support.example-games.com';

export const FOOTER_LINKS = [
  { label: 'Contact Us', href: `${SITE}/contact-us` },
  { label: 'Recruitment', href: `${SITE}/recruitment` },
  { label: 'Privacy Policy', href: `${SITE}/privacy-policy` },
  { label: 'Terms of Service', href: `${SITE}/terms-of-service` },
  { label: 'AML/CTF Policy', href: `${SITE}/aml-ctf-policy` },
] as const;

/**
 * The back-office pages beyond the dashboards and All Users (the admin side navigation's order). The
 * dashboards hide the side navigation, so their link row reaches these and the admin logout too.
 */
export const ADMIN_PAGE_LINKS: { label: string; to: string; need?: StaffCapability }[] = (
  [
    ['yggdraUsers'],
    ['caliberUsers'],
    ['referralCodes'],
    ['reports'],
    ['appeals'],
    ['sanctions'],
    ['developers', 'Developers'],
    ['sendEmailBlast'],
    ['adminSecurity'],
    ['sales'],
    ['games'],
    ['staff'],
    ['audit'],
  ] satisfies [PageKey, string?][]
).map(([key, label]) => {
  const page: { title: string; path: string; need?: StaffCapability } = PAGES[key];
  return { label: label ?? page.title, to: page.path, need: page.need };
});

export const ADMIN_LOGOUT_PATH = PAGES.adminLogout.path;

/** The Security pages: sessions, recent activity and two-step verification. */
export const PLAYER_SECURITY_PATH = PAGES.playerSecurity.path;

/** The player's sanctions and appeals, and the form to report a player. */
export const ACCOUNT_STANDING_PATH = PAGES.standing.path;

/** A player's page in the back office. */
export const adminPlayerPath = (id: string) => PAGES.player.path.replace(':id', encodeURIComponent(id));
