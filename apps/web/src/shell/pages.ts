import type { StaffCapability } from '@portal/contract';

/**
 * Every page of the portal, declared once: its URL, document title, who may open it, what a staff member's
 * role needs for it and where the side navigation lists it. The router builds its routes from here (each
 * route's handle is the page's declaration, read by the title, the chrome and the role gate), and the side
 * navigation, the guards and the shell's links take their paths from here. The pages' modules are not
 * named here but in router.tsx: features import this file's paths, and a feature must not reach itself
 * back through it.
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

/** Where the back office lives: its pages' paths begin with it, and its guard sits on it. */
export const ADMIN_AREA = '/mlg/admin';

export const PAGES = {
  // Visitors only.
  login: {
    path: '/login',
    title: 'Login',
    audience: 'guest',
    name: 'Login',
    chrome: 'hidden',
    nav: { label: 'LOGIN' },
  },
  loginForGame: {
    path: '/login/:game',
    title: 'Login',
    audience: 'guest',
    name: 'Login',
    chrome: 'hidden',
    routeGame: true,
  },
  register: {
    path: '/register',
    title: 'Register',
    audience: 'guest',
    name: 'Register',
    chrome: 'hidden',
    nav: { label: 'REGISTER' },
  },
  registerForGame: {
    path: '/register/:game',
    title: 'Register',
    audience: 'guest',
    name: 'Register',
    chrome: 'hidden',
    routeGame: true,
  },
  adminLogin: {
    path: `${ADMIN_AREA}/login`,
    title: 'Admin Login',
    audience: 'guest',
    name: 'AdminLogin',
    chrome: 'hidden',
    nav: { label: 'ADMIN LOGIN' },
  },
  acceptInvitation: {
    path: `${ADMIN_AREA}/accept/:token`,
    title: 'Staff Invitation',
    audience: 'guest',
    chrome: 'hidden',
  },

  // Open to everyone.
  // A login link carrying a uuid is an email verification link.
  verifyEmailFromLogin: {
    path: '/login/:game/:uuid',
    title: 'Email Verification',
    audience: 'public',
    routeGame: true,
  },
  loginApi: { path: '/loginapi', title: 'Caliber Login', audience: 'public', name: 'LoginAPI' },
  loginApiCheck: { path: '/loginapicheck', title: 'Caliber Login', audience: 'public' },
  loginApiPin: { path: '/loginapipin', title: 'Caliber PIN Login', audience: 'public' },
  resendConfirmation: {
    path: '/confirmation/resend',
    title: 'Resend Email Verification',
    audience: 'public',
    chrome: 'hidden',
  },
  forgotPassword: {
    path: '/password/request',
    title: 'Forgot Password',
    audience: 'public',
    chrome: 'hidden',
  },
  resetPassword: { path: '/reset-password/:token/:game', title: 'Change your Password', audience: 'public' },
  verifyEmail: { path: '/verifyemail/:uuid/:game?', title: 'Email Verification', audience: 'public' },
  emailChangeCancel: {
    path: '/email-change/cancel/:token',
    title: 'Cancel Email Change',
    audience: 'public',
  },
  secureAccount: { path: '/secure-account/:token', title: 'Secure Your Account', audience: 'public' },
  developerVerifyEmail: {
    path: '/developer-verifyemail/:uuid?',
    title: 'Developer Email Verification',
    audience: 'public',
  },
  socialLogin: { path: '/social-login/:id', title: 'Set your game details', audience: 'public' },
  sdkDownloads: { path: '/sdk-downloads', title: 'SDK Downloads', audience: 'public' },
  authorize: { path: '/authorize/:uid', title: 'Sign in to an app', audience: 'public', chrome: 'hidden' },
  activate: { path: '/activate', title: 'Activate a device', audience: 'public', chrome: 'hidden' },
  normalPage: { path: '/normalPage', title: 'Profile', audience: 'public' },
  // Open to everyone: a player a ban keeps out reads it with the standing token of their refused sign-in.
  standing: { path: '/standing', title: 'Account standing', audience: 'public' },

  // Signed-in players.
  profile: {
    path: '/profile',
    title: 'Profile',
    audience: 'player',
    name: 'Profile',
    nav: { label: 'PROFILE', section: 'Account' },
  },
  editProfile: {
    path: '/editProfile',
    title: 'Edit Profile',
    audience: 'player',
    nav: { label: 'EDIT PROFILE', section: 'Account' },
  },
  playerSecurity: {
    path: '/security',
    title: 'Security',
    audience: 'player',
    nav: { label: 'SECURITY', section: 'Account' },
  },
  // Added to the spec's navigation (decision 0024): players could not find the shops or their orders.
  webshop: {
    path: '/webshop',
    title: 'Webshop',
    audience: 'player',
    publicContent: true,
    nav: { label: 'YGGDRA WEBSHOP', section: 'Shop' },
  },
  webshopCart: { path: '/webshop/cart', title: 'Cart', audience: 'player', name: 'WebshopCart' },
  webshopConfirmation: { path: '/webshopconfirmation', title: 'Payment Confirmation', audience: 'player' },
  webshopPayment: { path: '/webshop/payment', title: 'Payment', audience: 'player' },
  talesRunnerWebshop: {
    path: '/TRWebshop',
    title: 'Tales Runner Webshop',
    audience: 'player',
    publicContent: true,
    nav: { label: 'TALES RUNNER WEBSHOP', section: 'Shop' },
  },
  talesRunnerCart: { path: '/TRCart', title: 'Tales Runner Cart', audience: 'player' },
  orders: {
    path: '/orders',
    title: 'My Orders',
    audience: 'player',
    nav: { label: 'MY ORDERS', section: 'Shop' },
  },
  salesDashboard: {
    path: '/salesdashboard',
    title: 'Sales Dashboard',
    audience: 'player',
    nav: { label: 'SALES DASHBOARD' },
  },
  // Open to everyone; declared here because it closes the players' Account section.
  logout: {
    path: '/logout',
    title: 'Logout',
    audience: 'public',
    nav: { label: 'LOGOUT', section: 'Account' },
  },

  // Signed-in staff.
  dashboard: {
    path: `${ADMIN_AREA}/dashboard`,
    title: 'Dashboard',
    audience: 'admin',
    name: 'Dashboard',
    chrome: 'plain',
    need: 'analytics.read',
    nav: { label: 'Overall Dashboard', section: 'Administration' },
  },
  caliberDashboard: {
    path: `${ADMIN_AREA}/caliberDashboard`,
    title: 'Caliber Dashboard',
    audience: 'admin',
    chrome: 'plain',
    need: 'analytics.read',
    nav: { label: 'Caliber Dashboard', section: 'Administration' },
  },
  yggdraDashboard: {
    path: `${ADMIN_AREA}/yggdraDashboard`,
    title: 'Yggdra Dashboard',
    audience: 'admin',
    chrome: 'plain',
    need: 'analytics.read',
    nav: { label: 'Yggdra Dashboard', section: 'Administration' },
  },
  yggdraUsers: {
    path: `${ADMIN_AREA}/yggdraUsers`,
    title: 'Yggdra Users',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Yggdra Users', section: 'Administration' },
  },
  caliberUsers: {
    path: `${ADMIN_AREA}/caliberUsers`,
    title: 'Caliber Users',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Caliber Users', section: 'Administration' },
  },
  referralCodes: {
    path: `${ADMIN_AREA}/referralCodes`,
    title: 'Referral Codes',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Caliber Referral Code', section: 'Administration' },
  },
  allUsers: {
    path: `${ADMIN_AREA}/allUsers`,
    title: 'All Users',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'All Users', section: 'Administration' },
  },
  reports: {
    path: `${ADMIN_AREA}/reports`,
    title: 'Reports',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Reports', section: 'Administration' },
  },
  appeals: {
    path: `${ADMIN_AREA}/appeals`,
    title: 'Appeals',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Appeals', section: 'Administration' },
  },
  sanctions: {
    path: `${ADMIN_AREA}/sanctions`,
    title: 'Sanctions',
    audience: 'admin',
    need: 'players.read',
    nav: { label: 'Sanctions', section: 'Administration' },
  },
  developers: {
    path: `${ADMIN_AREA}/developers`,
    title: 'Caliber Developers',
    audience: 'admin',
    need: 'developers.manage',
    nav: { label: 'Caliber Developers', section: 'Administration' },
  },
  sendEmailBlast: {
    path: `${ADMIN_AREA}/send-email-blast`,
    title: 'Send Test Email',
    audience: 'admin',
    need: 'email.send',
    nav: { label: 'Send Test Email', section: 'Administration' },
  },
  sales: {
    path: `${ADMIN_AREA}/sales`,
    title: 'Sales Orders',
    audience: 'admin',
    need: 'sales.read',
    nav: { label: 'Sales Orders', section: 'Administration' },
  },
  games: {
    path: `${ADMIN_AREA}/games`,
    title: 'Games',
    audience: 'admin',
    need: 'games.manage',
    nav: { label: 'Games', section: 'Administration' },
  },
  apps: {
    path: `${ADMIN_AREA}/apps`,
    title: 'Apps',
    audience: 'admin',
    need: 'apps.manage',
    nav: { label: 'Apps', section: 'Administration' },
  },
  staff: {
    path: `${ADMIN_AREA}/staff`,
    title: 'Staff',
    audience: 'admin',
    need: 'staff.manage',
    nav: { label: 'Staff', section: 'Administration' },
  },
  audit: {
    path: `${ADMIN_AREA}/audit`,
    title: 'Audit Trail',
    audience: 'admin',
    need: 'audit.read',
    nav: { label: 'Audit Trail', section: 'Administration' },
  },
  player: { path: `${ADMIN_AREA}/users/:id`, title: 'Player', audience: 'admin', need: 'players.read' },
  adminTwoStepSetup: {
    path: `${ADMIN_AREA}/two-step-setup`,
    title: 'Set up two-step verification',
    audience: 'admin',
  },
  adminSecurity: {
    path: `${ADMIN_AREA}/security`,
    title: 'Security',
    audience: 'admin',
    nav: { label: 'Security', section: 'Administration' },
  },
  // Open to everyone; declared here because it closes the Administration section.
  adminLogout: {
    path: '/admin-logout',
    title: 'Admin Logout',
    audience: 'public',
    nav: { label: 'LOGOUT ADMIN', section: 'Administration' },
  },
} as const satisfies Record<string, PageDeclaration>;

export type PageKey = keyof typeof PAGES;

/** The pages the side navigation lists, each of which it gives an icon. */
export type NavPageKey = { [K in PageKey]: (typeof PAGES)[K] extends { nav: object } ? K : never }[PageKey];

/** Every page's key, in declaration order. */
export const PAGE_KEYS = Object.keys(PAGES) as PageKey[];

/** A navigation section's pages, in declaration order. */
export const pagesInSection = (section: NavSectionTitle): NavPageKey[] =>
  PAGE_KEYS.filter((key): key is NavPageKey => {
    const page: PageDeclaration = PAGES[key];
    return page.nav?.section === section;
  });
