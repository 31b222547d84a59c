import { ADMIN_AREA, isRouteGame } from '@portal/contract/constants';
import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject, useParams } from 'react-router';
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

/** /login/{game} and /register/{game} accept only caliber and talesrunner; anything else goes to `base`. */
function RouteGameCheck({ base }: { base: string }) {
  const { game } = useParams();
  return isRouteGame(game) ? <Outlet /> : <Navigate to={base} replace />;
}

/** A page's route: its declaration is its handle (title, chrome and staff need are read from there). */
function pageRoute(key: PageKey): RouteObject {
  const page: PageDeclaration = PAGES[key];
  const screen: Pick<RouteObject, 'handle' | 'lazy'> = {
    handle: page,
    lazy: () => PAGE_MODULES[key]().then((module) => ({ Component: module.default })),
  };
  if (!page.routeGame) return { path: page.path, ...screen };
  const base = page.path.slice(0, page.path.indexOf('/:game'));
  return { path: page.path, element: <RouteGameCheck base={base} />, children: [{ index: true, ...screen }] };
}

const pagesFor = (audience: PageDeclaration['audience']): RouteObject[] =>
  PAGE_KEYS.filter((key) => PAGES[key].audience === audience).map(pageRoute);

export const routes: RouteObject[] = [
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
