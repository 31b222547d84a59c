import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UserInfoReply } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError, api } from '../lib/api';
import { CenteredSpinner } from './CenteredSpinner';
import { useSession } from './session';

const USER_INFO_KEY = ['user-info'] as const;

/** GET /api/user-info: 200 while the player's session is alive, an error otherwise. */
const getUserInfo = (signal: AbortSignal) =>
  api.get<UserInfoReply>('/api/user-info', { auth: 'player', signal });

/**
 * Player pages: GET /api/user-info must answer 200. Any other answer clears local storage and sends the
 * visitor to Login; a network failure offers a retry instead of signing the player out.
 */
export function PlayerRoute({ children }: { children?: ReactNode }) {
  const { player, clearSession } = useSession();
  const { pathname } = useLocation();
  const check = useQuery({
    // The path is part of the key because the spec checks on every navigation to a player page; the last
    // answer stays on screen meanwhile, so moving between player pages shows no spinner.
    queryKey: [...USER_INFO_KEY, player.token, pathname],
    queryFn: ({ signal }) => getUserInfo(signal),
    enabled: Boolean(player.token),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
  const rejected = check.error instanceof ApiError && check.error.status !== 0;

  useEffect(() => {
    if (rejected) clearSession();
  }, [rejected, clearSession]);

  if (!player.token || rejected) return <Navigate to="/login" replace />;
  if (check.isSuccess) return children ?? <Outlet />;
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

/** Admin pages need the admin-authenticated flag; the server checks the admin token on every call. */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const { admin } = useSession();
  if (!admin.adminAuthenticated) return <Navigate to="/mlg/admin/login" replace />;
  return children ?? <Outlet />;
}

/** Login, Register and AdminLogin: a signed-in player goes to Profile, a signed-in admin to Dashboard. */
export function GuestRoute({ children }: { children?: ReactNode }) {
  const { player, admin } = useSession();
  if (player.isAuthenticated) return <Navigate to="/profile" replace />;
  if (admin.adminAuthenticated) return <Navigate to="/mlg/admin/dashboard" replace />;
  return children ?? <Outlet />;
}
