import { loggedOutHref } from '@portal/contract/constants';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { useSession } from '../../shell/session';
import { accountsApi } from './api';

const LOGOUT_REDIRECT_MS = 1000;

/** Clears all local storage, revokes the token on the server, then shows Login with the logged-out banner. */
export default function LogoutPage() {
  const { player, clearSession } = useSession();
  const navigate = useNavigate();
  const token = useRef(player.token);
  const started = useRef(false);

  useEffect(() => {
    if (!started.current) {
      started.current = true;
      clearSession();
      // A failed revoke must not keep the visitor signed in locally, so its outcome is ignored.
      if (token.current) accountsApi.logout(token.current).catch(() => undefined);
    }
    const timer = setTimeout(() => navigate(loggedOutHref('login'), { replace: true }), LOGOUT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [clearSession, navigate]);

  return <CenteredSpinner label="Signing you out…" />;
}
