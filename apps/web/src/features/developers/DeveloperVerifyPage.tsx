import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { DeveloperVerifyReply } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { AuthLayout } from '../../shell/AuthLayout';
import { PAGES } from '../../shell/pages';
import { VerificationOutcome, verificationFailure } from '../../shell/VerificationOutcome';
import { developersApi } from './api';

/** /developer-verifyemail/{token}: opens the developer link once and shows the server's message. */
export default function DeveloperVerifyPage() {
  const { uuid = '' } = useParams();
  const [result, setResult] = useState<DeveloperVerifyReply | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!uuid) {
      setResult({ success: false, message: 'This developer verification link is incomplete.' });
      return;
    }
    developersApi
      .verifyEmail(uuid)
      .then(setResult)
      .catch((error) => setResult({ success: false, message: verificationFailure(error) }));
  }, [uuid]);

  return (
    <AuthLayout
      aside={{ title: 'Caliber developers', text: 'Developer accounts sign in to developer builds.' }}
    >
      <VerificationOutcome
        title="Developer Email Verification"
        pendingText="Verifying your developer account…"
        result={result && { ok: result.success, text: result.message }}
      />
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to={PAGES.login.path}>
          Back to Sign In
        </Link>
      </Typography>
    </AuthLayout>
  );
}
