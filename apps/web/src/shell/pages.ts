import type { StaffCapability } from '@portal/contract';
import { PAGE_PATHS, type PageKey } from '@portal/contract/constants';

export type { PageKey };

/**
 * Every page of the portal as the web app sees it: its URL (declared in the contract's PAGE_PATHS, which the
 * server's links read too), document title, who may open it, what a staff member's role needs for it and
 * where the side navigation lists it. The router builds its routes from here (each route's handle is the
 * page's declaration, read by the title, the chrome and the role gate), and the side navigation, the guards
 * and the shell's links take their paths from here. The pages' modules are not named here but in
 * router.tsx: features import this file's paths, and a feature must not reach itself back through it.
 */
export interface PageDeclaration {
  /** The URL pattern, from the root. */
  path: string;
  /** The document title (`{title} | Games Portal`). */
  title: string;
  /**
   * Who opens it: visitors only (a signed-in player or admin is sent on), everyone, signed-in players, or
   * signed-in staff (under /mlg/admin).
   */
  audience: 'guest' | 'public' | 'player' | 'admin';
  /** The spec's route name (Login, Register, AdminLogin, Dashboard, Profile, LoginAPI, WebshopCart). */
  name?: string;
  /** What a staff member's role needs to open it (lib/staff-access.ts on the server). */
  need?: StaffCapability;
  /**
   * The chrome the screen hides, said up front so that the first paint has the right frame (Layout's
   * `useRouteChrome`).
   */
  chrome?: 'hidden' | 'plain';
  /** The path's `:game` must be caliber or talesrunner; anything else goes to the path before it. */
  routeGame?: true;
  /**
   * A player page that shows only what anyone may see (a shop's catalog): the player guard shows it while
   * the session check runs, and the server renders it in the first response (decision 0062).
   */
  publicContent?: true;
  /**
   * Its entry in the side navigation: in a section, listed there in this file's order for whoever may open
   * the page; without one, where the navigation's own rules put it (the visitors' links, More).
   */
  nav?: { label: string; section?: NavSectionTitle };
}

export type NavSectionTitle = 'Administration' | 'Account' | 'Shop';

/** The web's side of each page; every page of PAGE_PATHS has one. */
const DECLARATIONS = {
  // Visitors only.
  login: {
    title: 'Login',
    audience: 'guest',
    name: 'Login',
    chrome: 'hidden',
    nav: { label: 'LOGIN' },
  },
  loginForGame: {
    title: 'Login',
    audience: 'guest',
    name: 'Login',
    chrome: 'hidden',
    routeGame: true,
  },
  register: {
    title: 'Register',
    audience: 'guest',
    name: 'Register',
    chrome: 'hidden',
    nav: { label: 'REGISTER' },
  },
  registerForGame: {
    title: 'Register',
    audience: 'guest',
    name: 'Register',
    chrome: 'hidden',
    routeGame: true,
  },
  adminLogin: {
    title: 'Admin Login',
    audience: 'guest',
    name: 'AdminLogin',
    chrome: 'hidden',
    nav: { label: 'ADMIN LOGIN' },
  },
  acceptInvitation: {
    title: 'Staff Invitation',
    audience: 'guest',
    chrome: 'hidden',
  },

  // Open to everyone.
  // A login link carrying a uuid is an email verification link.
  verifyEmailFromLogin: {
    title: 'Email Verification',
    audience: 'public',
    routeGame: true,
  },
  loginApi: { title: 'Caliber Login', audience: 'public', name: 'LoginAPI' },
  loginApiCheck: { title: 'Caliber Login', audience: 'public' },
  loginApiPin: { title: 'Caliber PIN Login', audience: 'public' },
  resendConfirmation: {
    title: 'Resend Email Verification',
    audience: 'public',
    chrome: 'hidden',
  },
  forgotPassword: {
    title: 'Forgot Password',
    audience: 'public',
    chrome: 'hidden',
  },
  resetPassword: { title: 'Change your Password', audience: 'public' },
  verifyEmail: { title: 'Email Verification', audience: 'public' },
  emailChangeCancel: {
    title: 'Cancel Email Change',
    audience: 'public',
  },
  secureAccount: { title: 'Secure Your Account', audience: 'public' },
  developerVerifyEmail: {
    title: 'Developer Email Verification',
    audience: 'public',
  },
  socialLogin: { title: 'Set your game details', audience: 'public' },
  sdkDownloads: { title: 'SDK Downloads', audience: 'public' },
  authorize: { title: 'Sign in to an app', audience: 'public', chrome: 'hidden' },
  activate: { title: 'Activate a device', audience: 'public', chrome: 'hidden' },
  normalPage: { title: 'Profile', audience: 'public' },
  // Open to everyone: a player a ban keeps out reads it with the standing token of their refused sign-in.
  standing: { title: 'Account standing', audience: 'public' },

  // Signed-in players.
  profile: {
    title: 'Profile',
    audience: 'player',
    name: 'Profile',
    nav: { label: 'PROFILE', section: 'Account' },
  },
  editProfile: {
    title: 'Edit Profile',
    audience: 'player',
    nav: { label: 'EDIT PROFILE', section: 'Account' },
  },
  playerSecurity: {
    title: 'Security',
    audience: 'player',
    nav: { label: 'SECURITY', section: 'Account' },
  },
  // Added to the spec's navigation (decision 0024): players could not find the shops or their orders.
  webshop: {
    title: 'Webshop',
    audience: 'player',
    publicContent: true,
    nav: { label: 'YGGDRA WEBSHOP', section: 'Shop' },
  },
  webshopCart: { title: 'Cart', audience: 'player', name: 'WebshopCart' },
  webshopConfirmation: { title: 'Payment Confirmation', audience: 'player' },
  webshopPayment: { title: 'Payment', audience: 'player' },
  talesRunnerWebshop: {
    title: 'Tales Runner Webshop',
    audience: 'player',
    publicContent: true,
    nav: { label: 'TALES RUNNER WEBSHOP', section: 'Shop' },
  },
  talesRunnerCart: { title: 'Tales Runner Cart', audience: 'player' },
  orders: {
    title: 'My Orders',
    audience: 'player',
    nav: { label: 'MY ORDERS', section: 'Shop' },
  },
  salesDashboard: {
    title: 'Sales Dashboard',
    audience: 'player',
    nav: { label: 'SALES DASHBOARD' },
  },
  // Open to everyone; declared here because it closes the players' Account section.
  logout: {
    title: 'Logout',
    audience: 'public',
    nav: { label: 'LOGOUT', section: 'Account' },
  },

  // Signed-in staff.
  dashboard: {
    title: 'Dashboard',
    audience: 'admin',
    name: 'Dashboard',
    chrome: 'plain',
    need: 'analytics.read',
    nav: { label: 'Overall Dashboard', section: 'Administration' },
  },
  caliberDashboard: {
    title: 'Caliber Dashboard',
    audience: 'admin',
    chrome: 'plain',
    need: 'analytics.read',
    nav: { label: 'Caliber Dashboard', section: 'Administration' },
  },
  yggdraDashboard: {
    title: 'Yggdra Dashboard',
    audience: 'admin',
    chrome: 'plain',
    need: 'analytics.read',
    nav: { label: 'Yggdra Dashboard', section: 'Administration' },
  },
  yggdraUsers: {
    title: 'Yggdra Users',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Yggdra Users', section: 'Administration' },
  },
  caliberUsers: {
    title: 'Caliber Users',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Caliber Users', section: 'Administration' },
  },
  referralCodes: {
    title: 'Referral Codes',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Caliber Referral Code', section: 'Administration' },
  },
  allUsers: {
    title: 'All Users',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'All Users', section: 'Administration' },
  },
  reports: {
    title: 'Reports',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Reports', section: 'Administration' },
  },
  appeals: {
    title: 'Appeals',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Appeals', section: 'Administration' },
  },
  sanctions: {
    title: 'Sanctions',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Sanctions', section: 'Administration' },
  },
  developers: {
    title: 'Caliber Developers',
    audience: 'admin',
    need: 'developers.manage',
    nav: { label: 'Caliber Developers', section: 'Administration' },
  },
  sendEmailBlast: {
    title: 'Send Test Email',
    audience: 'admin',
    need: 'email.send',
    nav: { label: 'Send Test Email', section: 'Administration' },
  },
  sales: {
    title: 'Sales Orders',
    audience: 'admin',
    need: 'sales.read',
    nav: { label: 'Sales Orders', section: 'Administration' },
  },
  games: {
    title: 'Games',
    audience: 'admin',
    need: 'games.manage',
    nav: { label: 'Games', section: 'Administration' },
  },
  apps: {
    title: 'Apps',
    audience: 'admin',
    need: 'apps.manage',
    nav: { label: 'Apps', section: 'Administration' },
  },
  staff: {
    title: 'Staff',
    audience: 'admin',
    need: 'staff.manage',
    nav: { label: 'Staff', section: 'Administration' },
  },
  audit: {
    title: 'Audit Trail',
    audience: 'admin',
    need: 'audit.read',
    nav: { label: 'Audit Trail', section: 'Administration' },
  },
  player: { title: 'Player', audience: 'admin', need: 'players.read' },
  adminTwoStepSetup: {
    title: 'Set up two-step verification',
    audience: 'admin',
  },
  adminSecurity: {
    title: 'Security',
    audience: 'admin',
    nav: { label: 'Security', section: 'Administration' },
  },
  // Open to everyone; declared here because it closes the Administration section.
  adminLogout: {
    title: 'Admin Logout',
    audience: 'public',
    nav: { label: 'LOGOUT ADMIN', section: 'Administration' },
  },
} as const satisfies Record<PageKey, Omit<PageDeclaration, 'path'>>;

/** Every page's key, in declaration order. */
export const PAGE_KEYS = Object.keys(DECLARATIONS) as PageKey[];

export const PAGES = Object.fromEntries(
  PAGE_KEYS.map((key) => [key, { ...DECLARATIONS[key], path: PAGE_PATHS[key] }]),
) as { [K in PageKey]: (typeof DECLARATIONS)[K] & { path: (typeof PAGE_PATHS)[K] } };

/** The pages the side navigation lists, each of which it gives an icon. */
export type NavPageKey = { [K in PageKey]: (typeof PAGES)[K] extends { nav: object } ? K : never }[PageKey];

/** A navigation section's pages, in declaration order. */
export const pagesInSection = (section: NavSectionTitle): NavPageKey[] =>
  PAGE_KEYS.filter((key): key is NavPageKey => {
    const page: PageDeclaration = PAGES[key];
    return page.nav?.section === section;
  });
