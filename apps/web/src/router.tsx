import { ADMIN_AREA, isRouteGame, type ShopGame } from '@portal/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject, useParams } from 'react-router';
import { storage } from './lib/storage';
import { CenteredSpinner } from './shell/CenteredSpinner';
import { AdminRoute, GuestRoute, PlayerRoute } from './shell/guards';
import { Layout } from './shell/Layout';
import { PAGE_KEYS, PAGES, type PageDeclaration, type PageKey } from './shell/pages';
import { RouteError } from './shell/RouteError';

type PageModule = { default: ComponentType };

/** Each page's module (shell/pages.ts declares the rest): its own chunk, fetched when first visited. */
const PAGE_MODULES: Record<PageKey, () => Promise<PageModule>> = {
  login: () => import('./features/accounts/LoginPage'),
  loginForGame: () => import('./features/accounts/LoginPage'),
  register: () => import('./features/accounts/RegisterPage'),
  registerForGame: () => import('./features/accounts/RegisterPage'),
  adminLogin: () => import('./features/admin-auth/AdminLoginPage'),
  acceptInvitation: () => import('./features/staff/AcceptInvitationPage'),
  verifyEmailFromLogin: () => import('./features/accounts/VerifyEmailPage'),
  loginApi: () => import('./features/game-login/LoginApiPage'),
  loginApiCheck: () => import('./features/game-login/LoginApiCheckPage'),
  loginApiPin: () => import('./features/game-login/LoginApiPinPage'),
  resendConfirmation: () => import('./features/accounts/ResendConfirmationPage'),
  forgotPassword: () => import('./features/accounts/ForgotPasswordPage'),
  resetPassword: () => import('./features/accounts/ResetPasswordPage'),
  verifyEmail: () => import('./features/accounts/VerifyEmailPage'),
  emailChangeCancel: () => import('./features/accounts/EmailChangeCancelPage'),
  secureAccount: () => import('./features/accounts/SecureAccountPage'),
  developerVerifyEmail: () => import('./features/developers/DeveloperVerifyPage'),
  socialLogin: () => import('./features/social/SocialLoginPage'),
  sdkDownloads: () => import('./features/sdk/SdkDownloadsPage'),
  authorize: () => import('./features/oidc/AuthorizePage'),
  activate: () => import('./features/oidc/ActivatePage'),
  normalPage: () => import('./features/accounts/NormalPage'),
  standing: () => import('./features/standing/StandingPage'),
  profile: () => import('./features/accounts/ProfilePage'),
  editProfile: () => import('./features/accounts/EditProfilePage'),
  playerSecurity: () => import('./features/security/PlayerSecurityPage'),
  webshop: () => import('./features/shop/YggdraShopPage'),
  webshopCart: () => import('./features/shop/YggdraCartPage'),
  webshopConfirmation: () => import('./features/payments/ConfirmationPage'),
  webshopPayment: () => import('./features/payments/PaymentResultPage'),
  talesRunnerWebshop: () => import('./features/shop/TalesRunnerShopPage'),
  talesRunnerCart: () => import('./features/shop/TalesRunnerCartPage'),
  orders: () => import('./features/orders/MyOrdersPage'),
  salesDashboard: () => import('./features/orders/SalesDashboardPage'),
  logout: () => import('./features/accounts/LogoutPage'),
  dashboard: () => import('./features/analytics/OverallDashboardPage'),
  caliberDashboard: () => import('./features/analytics/CaliberDashboardPage'),
  yggdraDashboard: () => import('./features/analytics/YggdraDashboardPage'),
  yggdraUsers: () => import('./features/admin-users/YggdraUsersPage'),
  caliberUsers: () => import('./features/admin-users/CaliberUsersPage'),
  referralCodes: () => import('./features/referrals/ReferralCodesPage'),
  allUsers: () => import('./features/admin-users/AllUsersPage'),
  reports: () => import('./features/moderation/ReportsPage'),
  appeals: () => import('./features/moderation/AppealsPage'),
  sanctions: () => import('./features/moderation/SanctionsPage'),
  developers: () => import('./features/developers/DevelopersPage'),
  sendEmailBlast: () => import('./features/email-blast/SendEmailBlastPage'),
  sales: () => import('./features/orders/AdminSalesPage'),
  games: () => import('./features/entitlements/GamesPage'),
  apps: () => import('./features/oidc/AppsPage'),
  staff: () => import('./features/staff/StaffPage'),
  audit: () => import('./features/audit/AuditPage'),
  player: () => import('./features/admin-users/PlayerDetailPage'),
  adminTwoStepSetup: () => import('./features/mfa/AdminTwoStepSetupPage'),
  adminSecurity: () => import('./features/security/AdminSecurityPage'),
  adminLogout: () => import('./features/admin-auth/AdminLogoutPage'),
};

/** Starts a player page's first request into the app's query cache with the player's session token. */
type StartPageData = (client: QueryClient, token: string) => void;

const startProfile = () => import('./features/accounts/useProfile').then((module) => module.startProfile);
const startShopCart = (game: ShopGame) => () =>
  import('./features/shop/api').then((module) => (client: QueryClient) => module.startShopCart(client, game));
/**
 * A player page's first request, started as its route is entered (a route loader that waits for nothing):
 * beside the page's code and the session check rather than after both, a round trip less on a phone.
 */
const PAGE_DATA: Partial<Record<PageKey, () => Promise<StartPageData>>> = {
  profile: startProfile,
  editProfile: startProfile,
  orders: () => import('./features/orders/api').then((module) => module.startMyOrders),
  // Not the shops: the server sends them drawn (decision 0062), and their hydration must render what the server
  // drew, without a cart; an answer that came before or during it would make React give up the hydration.
  webshopCart: startShopCart('yggdra'),
  talesRunnerCart: startShopCart('talesrunner'),
};

/**
 * Starts the first request of the page `key` into the app's query cache, when a player is signed in and the
 * page has one (PAGE_DATA): the start, or undefined when nothing was started.
 */
function startPageData(client: QueryClient, key: PageKey): Promise<void> | undefined {
  const startData = PAGE_DATA[key];
  const token = storage.getToken();
  if (!startData || !token || !storage.isAuthenticated()) return undefined;
  return startData().then((start) => start(client, token));
}

/**
 * Starts the first request of the page the app opens with as the app starts (start.tsx), beside the session
 * check: its route's loader would start it only once the page's chunks have been evaluated (decision 0093).
 */
export function startFirstPageData(
  client: QueryClient,
  page: PageDeclaration | undefined,
): Promise<void> | undefined {
  const key = PAGE_KEYS.find((candidate) => PAGES[candidate] === page);
  return key && startPageData(client, key);
}

/** /login/{game} and /register/{game} accept only caliber and talesrunner; anything else goes to `base`. */
function RouteGameCheck({ base }: { base: string }) {
  const { game } = useParams();
  return isRouteGame(game) ? <Outlet /> : <Navigate to={base} replace />;
}

/**
 * A page's route: its declaration is its handle (title, chrome and staff need are read from there). With the
 * app's query client, a page of PAGE_DATA starts its request as it is entered, when a player is signed in.
 */
function pageRoute(key: PageKey, client: QueryClient | undefined): RouteObject {
  const page: PageDeclaration = PAGES[key];
  const screen: Pick<RouteObject, 'handle' | 'lazy' | 'loader'> = {
    handle: page,
    lazy: () => PAGE_MODULES[key]().then((module) => ({ Component: module.default })),
    ...(client &&
      PAGE_DATA[key] && {
        loader: () => {
          void startPageData(client, key);
          return null;
        },
      }),
  };
  if (!page.routeGame) return { path: page.path, ...screen };
  const base = page.path.slice(0, page.path.indexOf('/:game'));
  return { path: page.path, element: <RouteGameCheck base={base} />, children: [{ index: true, ...screen }] };
}

/**
 * The app's routes; `client`, the app's query cache, lets the pages of PAGE_DATA start their first request
 * as they are entered (the prerender and the tests of routing alone pass none).
 */
export function createRoutes(client?: QueryClient): RouteObject[] {
  const pagesFor = (audience: PageDeclaration['audience']): RouteObject[] =>
    PAGE_KEYS.filter((key) => PAGES[key].audience === audience).map((key) => pageRoute(key, client));
  return [
    {
      path: '/',
      element: <Layout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <CenteredSpinner />,
      children: [
        { index: true, element: <Navigate to={PAGES.login.path} replace /> },
        { element: <GuestRoute />, children: pagesFor('guest') },
        ...pagesFor('public'),
        { element: <PlayerRoute />, children: pagesFor('player') },
        { path: ADMIN_AREA, element: <AdminRoute />, children: pagesFor('admin') },
        { path: '*', element: <Navigate to={PAGES.login.path} replace /> },
      ],
    },
  ];
}
