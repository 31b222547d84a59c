import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

const LOGOUT_BANNER_MS = 2000;

/** True while the URL carries logout=true; after 2 s the URL is replaced with the same page without it. */
export function useLogoutBanner(): boolean {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const loggedOut = params.get('logout') === 'true';

  useEffect(() => {
    if (!loggedOut) return;
    const timer = setTimeout(() => navigate(pathname, { replace: true }), LOGOUT_BANNER_MS);
    return () => clearTimeout(timer);
  }, [loggedOut, navigate, pathname]);

  return loggedOut;
}
