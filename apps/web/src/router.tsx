import type { StaffCapability } from '@portal/contract';
import { isRouteGame } from '@portal/contract/constants';
import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject, useParams } from 'react-router';
import { CenteredSpinner } from './shell/CenteredSpinner';
import { AdminRoute, GuestRoute, PlayerRoute } from './shell/guards';
import { type ChromeHandle, Layout } from './shell/Layout';
import type { RouteHandle } from './shell/PageTitle';
import type { StaffHandle } from './shell/RoleGate';
import { RouteError } from './shell/RouteError';

type PageModule = { default: ComponentType };

/** Each page is its own chunk, fetched when its route is first visited. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: () => load().then((module) => ({ Component: module.default })) };
}

function handle(
  title: string,
  name?: string,
  chrome?: ChromeHandle['chrome'],
  need?: StaffCapability,
): { handle: RouteHandle & ChromeHandle & StaffHandle } {
  return { handle: { title, ...(name && { name }), ...(chrome && { chrome }), ...(need && { need }) } };
}

/** /login/{game} and /register/{game} accept only caliber and talesrunner; anything else goes to the bare path. */
function RouteGameCheck({ base }: { base: string }) {
  const { game } = useParams();
  return isRouteGame(game) ? <Outlet /> : <Navigate to={base} replace />;
}

const loginPage = page(() => import('./features/accounts/LoginPage'));
const registerPage = page(() => import('./features/accounts/RegisterPage'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <CenteredSpinner />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },

      // Visitors only.
      {
        element: <GuestRoute />,
        children: [
          { path: 'login', ...handle('Login', 'Login', 'hidden'), ...loginPage },
          {
            path: 'login/:game',
            element: <RouteGameCheck base="/login" />,
            children: [{ index: true, ...handle('Login', 'Login', 'hidden'), ...loginPage }],
          },
          { path: 'register', ...handle('Register', 'Register', 'hidden'), ...registerPage },
          {
            path: 'register/:game',
            element: <RouteGameCheck base="/register" />,
            children: [{ index: true, ...handle('Register', 'Register', 'hidden'), ...registerPage }],
          },
          {
            path: 'mlg/admin/login',
            ...handle('Admin Login', 'AdminLogin', 'hidden'),
            ...page(() => import('./features/admin-auth/AdminLoginPage')),
          },
          {
            path: 'mlg/admin/accept/:token',
            ...handle('Staff Invitation', undefined, 'hidden'),
            ...page(() => import('./features/staff/AcceptInvitationPage')),
          },
        ],
      },

      // Open to everyone.
      {
        // A login link carrying a uuid is an email verification link.
        path: 'login/:game/:uuid',
        element: <RouteGameCheck base="/login" />,
        children: [
          {
            index: true,
            ...handle('Email Verification'),
            ...page(() => import('./features/accounts/VerifyEmailPage')),
          },
        ],
      },
      {
        path: 'loginapi',
        ...handle('Caliber Login', 'LoginAPI'),
        ...page(() => import('./features/game-login/LoginApiPage')),
      },
      {
        path: 'loginapicheck',
        ...handle('Caliber Login'),
        ...page(() => import('./features/game-login/LoginApiCheckPage')),
      },
      {
        path: 'loginapipin',
        ...handle('Caliber PIN Login'),
        ...page(() => import('./features/game-login/LoginApiPinPage')),
      },
      {
        path: 'confirmation/resend',
        ...handle('Resend Email Verification', undefined, 'hidden'),
        ...page(() => import('./features/accounts/ResendConfirmationPage')),
      },
      {
        path: 'password/request',
        ...handle('Forgot Password', undefined, 'hidden'),
        ...page(() => import('./features/accounts/ForgotPasswordPage')),
      },
      {
        path: 'reset-password/:token/:game',
        ...handle('Change your Password'),
        ...page(() => import('./features/accounts/ResetPasswordPage')),
      },
      {
        path: 'verifyemail/:uuid/:game?',
        ...handle('Email Verification'),
        ...page(() => import('./features/accounts/VerifyEmailPage')),
      },
      {
        path: 'email-change/cancel/:token',
        ...handle('Cancel Email Change'),
        ...page(() => import('./features/accounts/EmailChangeCancelPage')),
      },
      {
        path: 'secure-account/:token',
        ...handle('Secure Your Account'),
        ...page(() => import('./features/accounts/SecureAccountPage')),
      },
      {
        path: 'developer-verifyemail/:uuid?',
        ...handle('Developer Email Verification'),
        ...page(() => import('./features/developers/DeveloperVerifyPage')),
      },
      {
        path: 'social-login/:id',
        ...handle('Set your game details'),
        ...page(() => import('./features/social/SocialLoginPage')),
      },
      {
        path: 'sdk-downloads',
        ...handle('SDK Downloads'),
        ...page(() => import('./features/sdk/SdkDownloadsPage')),
      },
      {
        path: 'authorize/:uid',
        ...handle('Sign in to an app', undefined, 'hidden'),
        ...page(() => import('./features/oidc/AuthorizePage')),
      },
      {
        path: 'activate',
        ...handle('Activate a device', undefined, 'hidden'),
        ...page(() => import('./features/oidc/ActivatePage')),
      },
      { path: 'logout', ...handle('Logout'), ...page(() => import('./features/accounts/LogoutPage')) },
      {
        path: 'admin-logout',
        ...handle('Admin Logout'),
        ...page(() => import('./features/admin-auth/AdminLogoutPage')),
      },
      { path: 'normalPage', ...handle('Profile'), ...page(() => import('./features/accounts/NormalPage')) },

      // Signed-in players.
      {
        element: <PlayerRoute />,
        children: [
          {
            path: 'profile',
            ...handle('Profile', 'Profile'),
            ...page(() => import('./features/accounts/ProfilePage')),
          },
          {
            path: 'editProfile',
            ...handle('Edit Profile'),
            ...page(() => import('./features/accounts/EditProfilePage')),
          },
          { path: 'webshop', ...handle('Webshop'), ...page(() => import('./features/shop/YggdraShopPage')) },
          {
            path: 'webshop/cart',
            ...handle('Cart', 'WebshopCart'),
            ...page(() => import('./features/shop/YggdraCartPage')),
          },
          {
            path: 'webshopconfirmation',
            ...handle('Payment Confirmation'),
            ...page(() => import('./features/payments/ConfirmationPage')),
          },
          {
            path: 'webshop/payment',
            ...handle('Payment'),
            ...page(() => import('./features/payments/PaymentResultPage')),
          },
          {
            path: 'TRWebshop',
            ...handle('Tales Runner Webshop'),
            ...page(() => import('./features/shop/TalesRunnerShopPage')),
          },
          {
            path: 'TRCart',
            ...handle('Tales Runner Cart'),
            ...page(() => import('./features/shop/TalesRunnerCartPage')),
          },
          {
            path: 'orders',
            ...handle('My Orders'),
            ...page(() => import('./features/orders/MyOrdersPage')),
          },
          {
            path: 'security',
            ...handle('Security'),
            ...page(() => import('./features/security/PlayerSecurityPage')),
          },
          {
            path: 'salesdashboard',
            ...handle('Sales Dashboard'),
            ...page(() => import('./features/orders/SalesDashboardPage')),
          },
        ],
      },

      // Signed-in admins.
      {
        path: 'mlg/admin',
        element: <AdminRoute />,
        children: [
          {
            path: 'dashboard',
            ...handle('Dashboard', 'Dashboard', 'plain', 'analytics.read'),
            ...page(() => import('./features/analytics/OverallDashboardPage')),
          },
          {
            path: 'caliberDashboard',
            ...handle('Caliber Dashboard', undefined, 'plain', 'analytics.read'),
            ...page(() => import('./features/analytics/CaliberDashboardPage')),
          },
          {
            path: 'yggdraDashboard',
            ...handle('Yggdra Dashboard', undefined, 'plain', 'analytics.read'),
            ...page(() => import('./features/analytics/YggdraDashboardPage')),
          },
          {
            path: 'yggdraUsers',
            ...handle('Yggdra Users', undefined, undefined, 'players.read'),
            ...page(() => import('./features/admin-users/YggdraUsersPage')),
          },
          {
            path: 'caliberUsers',
            ...handle('Caliber Users', undefined, undefined, 'players.read'),
            ...page(() => import('./features/admin-users/CaliberUsersPage')),
          },
          {
            path: 'allUsers',
            ...handle('All Users', undefined, undefined, 'players.read'),
            ...page(() => import('./features/admin-users/AllUsersPage')),
          },
          {
            path: 'referralCodes',
            ...handle('Referral Codes', undefined, undefined, 'players.read'),
            ...page(() => import('./features/referrals/ReferralCodesPage')),
          },
          {
            path: 'developers',
            ...handle('Caliber Developers', undefined, undefined, 'developers.manage'),
            ...page(() => import('./features/developers/DevelopersPage')),
          },
          {
            path: 'send-email-blast',
            ...handle('Send Test Email', undefined, undefined, 'email.send'),
            ...page(() => import('./features/email-blast/SendEmailBlastPage')),
          },
          {
            path: 'audit',
            ...handle('Audit Trail', undefined, undefined, 'audit.read'),
            ...page(() => import('./features/audit/AuditPage')),
          },
          {
            path: 'users/:id',
            ...handle('Player', undefined, undefined, 'players.read'),
            ...page(() => import('./features/admin-users/PlayerDetailPage')),
          },
          {
            path: 'staff',
            ...handle('Staff', undefined, undefined, 'staff.manage'),
            ...page(() => import('./features/staff/StaffPage')),
          },
          {
            path: 'sales',
            ...handle('Sales Orders', undefined, undefined, 'sales.read'),
            ...page(() => import('./features/orders/AdminSalesPage')),
          },
          {
            path: 'games',
            ...handle('Games', undefined, undefined, 'games.manage'),
            ...page(() => import('./features/entitlements/GamesPage')),
          },
          {
            path: 'apps',
            ...handle('Apps', undefined, undefined, 'apps.manage'),
            ...page(() => import('./features/oidc/AppsPage')),
          },
          {
            path: 'two-step-setup',
            ...handle('Set up two-step verification'),
            ...page(() => import('./features/mfa/AdminTwoStepSetupPage')),
          },
          {
            path: 'security',
            ...handle('Security'),
            ...page(() => import('./features/security/AdminSecurityPage')),
          },
        ],
      },

      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];
