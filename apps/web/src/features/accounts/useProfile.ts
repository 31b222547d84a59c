import { GAMES, type Game, type ProfileUser } from '@portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { PAGES } from '../../shell/pages';
import { useSession } from '../../shell/session';
import { accountsApi, PROFILE_KEY } from './api';

/**
 * GET /api/profile with the player's session, one cache entry per session. An answer of the last two seconds
 * serves the page that mounts now (the one started with the route, below), so it does not ask twice.
 */
const profileQuery = (token: string | null) =>
  queryOptions<ProfileUser>({
    queryKey: [...PROFILE_KEY, token],
    queryFn: async ({ signal }) => (await accountsApi.profile(signal)).user,
    retry: false,
    staleTime: 2_000,
  });

/** Starts the profile's request as its page's route is entered: beside the session check, not after it. */
export function startProfile(client: QueryClient, token: string): void {
  void client.prefetchQuery(profileQuery(token));
}

function useProfileQuery() {
  const { player } = useSession();
  return useQuery(profileQuery(player.token));
}

/** GET /api/profile. A 401 clears all local storage and goes to /logout (spec section 4). */
export function useProfile() {
  const { clearSession } = useSession();
  const navigate = useNavigate();
  const query = useProfileQuery();
  const unauthorized = query.error instanceof ApiError && query.error.code === 'UNAUTHENTICATED';
  useEffect(() => {
    if (!unauthorized) return;
    clearSession();
    navigate(PAGES.logout.path, { replace: true });
  }, [unauthorized, clearSession, navigate]);
  return query;
}

/**
 * The games the signed-in player has, in the portal's order; undefined until known. Without useProfile's
 * sign-out on a 401: the page that reads it for a choice (Report a player on /standing) stays where it is.
 */
export function usePlayerGames(): Game[] | undefined {
  const { data } = useProfileQuery();
  return useMemo(() => {
    if (!data) return undefined;
    const had = new Set(data.games.map((game) => game.name));
    return GAMES.filter((game) => had.has(game));
  }, [data]);
}
