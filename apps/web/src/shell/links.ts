import type { StaffCapability } from '@portal/contract';

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
export const ADMIN_PAGE_LINKS: { label: string; to: string; need?: StaffCapability }[] = [
  { label: 'Yggdra Users', to: '/mlg/admin/yggdraUsers', need: 'players.read' },
  { label: 'Caliber Users', to: '/mlg/admin/caliberUsers', need: 'players.read' },
  { label: 'Referral Codes', to: '/mlg/admin/referralCodes', need: 'players.read' },
  { label: 'Developers', to: '/mlg/admin/developers', need: 'developers.manage' },
  { label: 'Send Test Email', to: '/mlg/admin/send-email-blast', need: 'email.send' },
  { label: 'Security', to: '/mlg/admin/security' },
  { label: 'Sales Orders', to: '/mlg/admin/sales', need: 'sales.read' },
  { label: 'Games', to: '/mlg/admin/games', need: 'games.manage' },
  { label: 'Staff', to: '/mlg/admin/staff', need: 'staff.manage' },
  { label: 'Audit Trail', to: '/mlg/admin/audit', need: 'audit.read' },
];

export const ADMIN_LOGOUT_PATH = '/admin-logout';

/** The Security pages: sessions, recent activity and two-step verification. */
export const PLAYER_SECURITY_PATH = '/security';
export const ADMIN_SECURITY_PATH = '/mlg/admin/security';
