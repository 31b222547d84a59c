import type { ProfileUser } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { PAGES } from '../../shell/pages';
import { useSession } from '../../shell/session';
import { accountsApi, PROFILE_KEY } from './api';

/** GET /api/profile. A 401 clears all local storage and goes to /logout (spec section 4). */
export function useProfile() {
  const { clearSession, player } = useSession();
  const navigate = useNavigate();
  const query = useQuery<ProfileUser>({
    queryKey: [...PROFILE_KEY, player.token],
    queryFn: async ({ signal }) => (await accountsApi.profile(signal)).user,
    retry: false,
  });
  const unauthorized = query.error instanceof ApiError && query.error.code === 'UNAUTHENTICATED';
  useEffect(() => {
    if (!unauthorized) return;
    clearSession();
    navigate(PAGES.logout.path, { replace: true });
  }, [unauthorized, clearSession, navigate]);
  return query;
}
