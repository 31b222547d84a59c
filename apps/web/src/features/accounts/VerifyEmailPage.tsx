import { gamePageHref, isRouteGame } from '@portal/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AuthLayout } from '../../shell/AuthLayout';
import { VerificationOutcome, verificationFailure } from '../../shell/VerificationOutcome';
import { type VerificationNotice, verificationState } from '../../shell/verification-notice';
import { accountsApi } from './api';
import { DELAYS } from './delays';

/**
 * /verifyemail/{token}/{game} (and /login/{game}/{token}): verifies, shows the message, then that game's login,
 * which shows the message too (it must not vanish with the spec's 2 s).
 */
export default function VerifyEmailPage() {
  const { uuid = '', game = '' } = useParams();
  const navigate = useNavigate();
  const [result, setResult] = useState<VerificationNotice | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    accountsApi
      .verifyEmail({ uuid, game: game || 'caliber' })
      .then(
        (reply): VerificationNotice => ({ ok: true, text: reply.message }),
        (error): VerificationNotice => ({ ok: false, text: verificationFailure(error) }),
      )
      .then((notice) => {
        setResult(notice);
        timer = setTimeout(
          () =>
            navigate(gamePageHref('login', isRouteGame(game) ? game : null), {
              replace: true,
              state: verificationState(notice),
            }),
          DELAYS.verificationRedirect,
        );
      });
    return () => clearTimeout(timer);
  }, [uuid, game, navigate]);

  return (
    <AuthLayout
      aside={{ title: 'Email Verification', text: 'Confirming your email address keeps your account safe.' }}
    >
      <VerificationOutcome
        title="Email Verification"
        pendingText="Verifying your email address…"
        result={result}
      />
    </AuthLayout>
  );
}
