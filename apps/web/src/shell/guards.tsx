import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { ApiError, call, NO_REPLY } from '../lib/api';
import { CenteredSpinner } from './CenteredSpinner';
import { PAGES } from './pages';
import { RoleGate } from './RoleGate';
import { safeReturnPath } from './return-path';
import { useRevealedInBackground } from './reveal';
import { useSession } from './session';

const USER_INFO_KEY = ['user-info'] as const;

const PendingDeletionDialog = lazy(() => import('./PendingDeletionDialog'));

/** When the signed-in player's account waits for its erasure (the sign-in reply's `user.pending_deletion`). */
const eraseAtOf = (user: Record<string, unknown> | null): string | null => {
  const pending = user?.pending_deletion as { erase_at?: unknown } | null | undefined;
  return typeof pending?.erase_at === 'string' ? pending.erase_at : null;
};

/** GET /api/user-info: 200 while the player's session is alive, an error otherwise. */
// The endpoints load with their schemas on the first check, not with the guest screens (decision 0060).
const getUserInfo = async (signal: AbortSignal) => {
  const { accountsEndpoints } = await import('@portal/contract/endpoints/accounts');
  return call(accountsEndpoints.userInfo, {}, { signal });
};

/**
 * The session check of one player page. The path is part of the key because the spec checks on every
 * navigation to a player page; an answer of the last two seconds counts for this navigation (the check the
 * app started with, below, or a page left a moment ago), so a page does not ask twice in a row.
 */
const sessionCheck = (token: string | null, pathname: string) =>
  queryOptions({
    queryKey: [...USER_INFO_KEY, token, pathname],
    queryFn: ({ signal }) => getUserInfo(signal),
    retry: false,
    staleTime: 2_000,
  });

/**
 * Starts the session check of the player page the app opens with, as the app starts (start.tsx): beside the
 * page's code instead of after it (a round trip less on a phone before the page can ask for its data).
 */
export function startSessionCheck(client: QueryClient, token: string, pathname: string): void {
  void client.prefetchQuery(sessionCheck(token, pathname));
}

/**
 * Whether the server refused the stored session's check (an answer, not a network failure): the stored session
 * is then cleared, as the spec's invalid user-info check does.
 */
function useClearedWhenRefused(error: Error | null): boolean {
  const { clearSession } = useSession();
  const refused = error instanceof ApiError && error.code !== NO_REPLY;
  useEffect(() => {
    if (refused) clearSession();
  }, [refused, clearSession]);
  return refused;
}

/** Whether the page shows only what anyone may see (its declaration's `publicContent`, the route's handle). */
function usePublicContent(): boolean {
  const handle = useMatches().at(-1)?.handle;
  return Boolean(handle && typeof handle === 'object' && 'publicContent' in handle && handle.publicContent);
}

/**
 * Player pages: GET /api/user-info must answer 200. Any other answer clears local storage and sends the
 * visitor to Login; a network failure offers a retry instead of signing the player out. While the account
 * waits for a deletion it asked for, "Keep my account" or "Continue deletion" is asked over the page.
 * A page of public content (the shops' catalog) shows while the first check runs, as the server rendered
 * it (decision 0062); everything else waits for the answer.
 */
export function PlayerRoute({ children }: { children?: ReactNode }) {
  const { player } = useSession();
  const { pathname } = useLocation();
  const publicContent = usePublicContent();
  const check = useQuery({
    ...sessionCheck(player.token, pathname),
    enabled: Boolean(player.token),
    // The last answer stays on screen meanwhile, so moving between player pages shows no spinner.
    placeholderData: keepPreviousData,
  });
  const rejected = useClearedWhenRefused(check.error);

  const shown = useRevealedInBackground(check.isSuccess || (check.isPending && publicContent));

  if (!player.token || rejected) return <Navigate to={PAGES.login.path} replace />;
  // Signed in while a requested deletion waits, whichever way: the player chooses to keep it or not first.
  const eraseAt = eraseAtOf(player.user);
  if (shown)
    return (
      <>
        {children ?? <Outlet />}
        {check.isSuccess && eraseAt && (
          <Suspense fallback={null}>
            <PendingDeletionDialog eraseAt={eraseAt} />
          </Suspense>
        )}
      </>
    );
  if (check.isError) {
    return (
      <Box
        role="alert"
        sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', alignContent: 'center', gap: 2 }}
      >
        <Typography>{check.error.message}</Typography>
        <Button variant="contained" onClick={() => void check.refetch()}>
          Try again
        </Button>
      </Box>
    );
  }
  return <CenteredSpinner label="Checking your session…" />;
}

/** The admin's two-step status; the MFA section refreshes it once the admin has turned TOTP on or off. */
export const ADMIN_MFA_STATUS_KEY = ['mfa-status', 'admin'] as const;
/** Where an admin who must set up two-step verification goes first (ADMIN_MFA=required). */
export const ADMIN_MFA_SETUP_PATH = PAGES.adminTwoStepSetup.path;

const adminMfaCheck = (adminToken: string | null) =>
  queryOptions({
    queryKey: [...ADMIN_MFA_STATUS_KEY, adminToken],
    queryFn: async ({ signal }) => {
      const { mfaEndpoints } = await import('@portal/contract/endpoints/mfa');
      return call(mfaEndpoints.adminStatus, {}, { signal });
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Starts the admin's two-step status check as the app starts on a back-office page (start.tsx), as
 * startSessionCheck does for a player page: every admin page waits for it before it draws anything.
 */
export function startAdminMfaCheck(client: QueryClient, adminToken: string): void {
  void client.prefetchQuery(adminMfaCheck(adminToken));
}

/**
 * Admin pages need the admin-authenticated flag; the server checks the admin token on every call. While
 * ADMIN_MFA=required and the admin has no TOTP, every other admin route answers 403, so the admin is sent to
 * the setup screen first. If the status cannot be read, the pages show their own failures as before. A page
 * the role may not open shows "Your role can't open this" (RoleGate).
 */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const { admin } = useSession();
  const { pathname } = useLocation();
  const mfa = useQuery({ ...adminMfaCheck(admin.adminToken), enabled: admin.adminAuthenticated });
  const checked = useRevealedInBackground(!mfa.isPending);
  if (!admin.adminAuthenticated) return <Navigate to={PAGES.adminLogin.path} replace />;
  if (!checked) return <CenteredSpinner label="Checking your session…" />;
  if (mfa.data?.setup_required && pathname !== ADMIN_MFA_SETUP_PATH) {
    return <Navigate to={ADMIN_MFA_SETUP_PATH} replace />;
  }
  return <RoleGate>{children ?? <Outlet />}</RoleGate>;
}

/** Where a signed-in player who opens a guest page goes: the allowlisted `?next=` page, else Profile. */
export function guestDestination(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get('next')) ?? PAGES.profile.path;
}

/** The path part of a destination: the session check's key, as the player page there keys its own. */
export const pathOf = (destination: string) => destination.split('?')[0] ?? destination;

/**
 * Login, Register and AdminLogin: a signed-in player goes to Profile (or to the allowlisted page the login was
 * opened for, `?next=`: the login page goes there too, and whichever navigation lands last must agree), a
 * signed-in admin to Dashboard. A stored player session is checked first, as the player page would check it
 * (the answer counts there too), and the guest page stays meanwhile: a session that has ended is cleared and
 * the page goes on, so nothing typed into it is lost on a round trip to Profile and back.
 */
export function GuestRoute({ children }: { children?: ReactNode }) {
  const { player, admin } = useSession();
  const { search } = useLocation();
  const destination = guestDestination(search);
  const check = useQuery({
    ...sessionCheck(player.token, pathOf(destination)),
    enabled: player.isAuthenticated,
  });
  useClearedWhenRefused(check.error);

  if (player.isAuthenticated) {
    if (check.isSuccess) return <Navigate to={destination} replace />;
    // Checking, or the server out of reach: the page stays, and signing in again works as ever.
    return children ?? <Outlet />;
  }
  if (admin.adminAuthenticated) return <Navigate to={PAGES.dashboard.path} replace />;
  return children ?? <Outlet />;
}
