import { loggedOutHref } from '@portal/contract/constants';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { useSession } from '../../shell/session';
import { adminAuthApi } from './api';

const ADMIN_LOGOUT_REDIRECT_MS = 1000;

/** Revokes the admin token, clears the admin session, then shows AdminLogin with the logged-out banner. */
export default function AdminLogoutPage() {
  const { admin, clearAdminSession } = useSession();
  const navigate = useNavigate();
  const token = useRef(admin.adminToken);
  const started = useRef(false);

  useEffect(() => {
    if (!started.current) {
      started.current = true;
      clearAdminSession();
      if (token.current) adminAuthApi.logout(token.current).catch(() => undefined);
    }
    const timer = setTimeout(
      () => navigate(loggedOutHref('adminLogin'), { replace: true }),
      ADMIN_LOGOUT_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [clearAdminSession, navigate]);

  return <CenteredSpinner label="Signing you out…" />;
}
