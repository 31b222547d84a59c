import type { RouteGame } from './game-list';

/**
 * The web app's pages, each path declared once (react-router patterns: `:id`, `:game?` optional). The web
 * builds its routes and links from here (apps/web/src/shell/pages.ts adds each page's title, audience and
 * chrome), and the server its emails' links and its redirects. No zod: the web's first screens import it
 * through `@portal/contract/constants`.
 */

/** Where the back office lives: its pages' paths begin with it, and the web's guard sits on it. */
export const ADMIN_AREA = '/mlg/admin';

export const PAGE_PATHS = {
  login: '/login',
  loginForGame: '/login/:game',
  register: '/register',
  registerForGame: '/register/:game',
  adminLogin: `${ADMIN_AREA}/login`,
  acceptInvitation: `${ADMIN_AREA}/accept/:token`,
  // A login link carrying a uuid is an email verification link.
  verifyEmailFromLogin: '/login/:game/:uuid',
  loginApi: '/loginapi',
  loginApiCheck: '/loginapicheck',
  loginApiPin: '/loginapipin',
  resendConfirmation: '/confirmation/resend',
  forgotPassword: '/password/request',
  resetPassword: '/reset-password/:token/:game',
  verifyEmail: '/verifyemail/:uuid/:game?',
  emailChangeCancel: '/email-change/cancel/:token',
  secureAccount: '/secure-account/:token',
  developerVerifyEmail: '/developer-verifyemail/:uuid?',
  socialLogin: '/social-login/:id',
  sdkDownloads: '/sdk-downloads',
  // The OpenID Provider sends a browser here during an authorization.
  authorize: '/authorize/:uid',
  // Where a player enters the code a console or TV shows.
  activate: '/activate',
  normalPage: '/normalPage',
  standing: '/standing',
  profile: '/profile',
  editProfile: '/editProfile',
  playerSecurity: '/security',
  webshop: '/webshop',
  webshopCart: '/webshop/cart',
  webshopConfirmation: '/webshopconfirmation',
  webshopPayment: '/webshop/payment',
  talesRunnerWebshop: '/TRWebshop',
  talesRunnerCart: '/TRCart',
  orders: '/orders',
  salesDashboard: '/salesdashboard',
  logout: '/logout',
  dashboard: `${ADMIN_AREA}/dashboard`,
  caliberDashboard: `${ADMIN_AREA}/caliberDashboard`,
  yggdraDashboard: `${ADMIN_AREA}/yggdraDashboard`,
  yggdraUsers: `${ADMIN_AREA}/yggdraUsers`,
  caliberUsers: `${ADMIN_AREA}/caliberUsers`,
  referralCodes: `${ADMIN_AREA}/referralCodes`,
  allUsers: `${ADMIN_AREA}/allUsers`,
  reports: `${ADMIN_AREA}/reports`,
  appeals: `${ADMIN_AREA}/appeals`,
  sanctions: `${ADMIN_AREA}/sanctions`,
  developers: `${ADMIN_AREA}/developers`,
  sendEmailBlast: `${ADMIN_AREA}/send-email-blast`,
  sales: `${ADMIN_AREA}/sales`,
  games: `${ADMIN_AREA}/games`,
  apps: `${ADMIN_AREA}/apps`,
  staff: `${ADMIN_AREA}/staff`,
  audit: `${ADMIN_AREA}/audit`,
  player: `${ADMIN_AREA}/users/:id`,
  adminTwoStepSetup: `${ADMIN_AREA}/two-step-setup`,
  adminSecurity: `${ADMIN_AREA}/security`,
  adminLogout: '/admin-logout',
} as const;

export type PageKey = keyof typeof PAGE_PATHS;

/** The parameters a path names, each a string: `:id` required, `:game?` optional. */
export type PageParams<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? ParamOf<Param> & PageParams<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? ParamOf<Param>
    : Record<never, never>;
type ParamOf<Param extends string> = Param extends `${infer Name}?`
  ? { [K in Name]?: string }
  : { [K in Param]: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const fieldOf = (value: unknown, name: string): unknown => (isRecord(value) ? value[name] : undefined);

/**
 * A path pattern's URL, for an endpoint's (endpointUrl) and a page's (pageHref) alike: its parameters filled
 * in (encoded), an absent optional one (`/:game?`) left out with its slash, the query appended (empty values
 * left out).
 */
export function pathWith(pattern: string, params?: unknown, query?: unknown): string {
  const path = pattern.replace(
    /(\/?):([A-Za-z_]+)(\?)?/g,
    (_, slash: string, name: string, optional?: string) => {
      const value = fieldOf(params, name);
      if (value === undefined) {
        if (optional) return '';
        throw new Error(`${pattern} needs the path parameter ${name}`);
      }
      return `${slash}${encodeURIComponent(String(value))}`;
    },
  );
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(isRecord(query) ? query : {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value])
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`);
  }
  const text = pairs.join('&');
  return text ? `${path}?${text}` : path;
}

/** A query the pages read: values left out when undefined or empty. */
export type PageQuery = Record<string, string | undefined>;

/**
 * A page's href, from the root: `pageHref(PAGE_PATHS.player, { id })` is `/mlg/admin/users/{id}` (encoded).
 * The server puts its PUBLIC_URL before it.
 */
export const pageHref = <P extends string>(path: P, params: PageParams<P>, query?: PageQuery): string =>
  pathWith(path, params, query);

/** The login or registration page, the game's own when there is one: `/login/caliber`, else `/login`. */
export const gamePageHref = (
  page: 'login' | 'register',
  game?: RouteGame | null,
  query?: PageQuery,
): string =>
  game ? pageHref(PAGE_PATHS[`${page}ForGame`], { game }, query) : pageHref(PAGE_PATHS[page], {}, query);

/** The login page (a player's or staff's) after a sign-out: it shows "logged out" for a moment. */
export const loggedOutHref = (page: 'login' | 'adminLogin'): string =>
  pageHref(PAGE_PATHS[page], {}, { logout: 'true' });

/** The login page after a social sign-in: `true` once done, `error` (with the server's reason) if it failed. */
export const socialOutcomeHref = (outcome: 'true' | 'error', reason?: string): string =>
  pageHref(PAGE_PATHS.login, {}, { social: outcome, reason });

/** The device sign-in page, with the code a console or TV shows when there is one (its QR code's link). */
export const activateHref = (userCode?: string): string =>
  pageHref(PAGE_PATHS.activate, {}, { user_code: userCode });
