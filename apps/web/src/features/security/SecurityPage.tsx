import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { PAGES } from '../../shell/pages';
import { useSession } from '../../shell/session';
import { TwoStepSection } from '../mfa';
import { AppsWithAccessSection } from '../oidc';
import { PasskeysSection } from '../passkeys';
import type { Audience } from './api';
import { EventsSection } from './EventsSection';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { TwoStepOnOffer } from './TwoStepOnOffer';

const LOGIN_PATH: Record<Audience, string> = { player: PAGES.login.path, admin: PAGES.adminLogin.path };

/**
 * The Security page of a player (/security) or an admin (/mlg/admin/security), one section after another:
 * two-step verification (the mfa feature's section), where the account is signed in, and its recent
 * activity, with the player's password (Change password) and the passkeys (the passkeys feature's section)
 * between two-step verification and the sessions.
 */
export function SecurityPage({ audience }: { audience: Audience }) {
  const { clearSession, clearAdminSession } = useSession();
  const navigate = useNavigate();
  const signedOut = useCallback(() => {
    if (audience === 'admin') clearAdminSession();
    else clearSession();
    navigate(LOGIN_PATH[audience], { replace: true });
  }, [audience, clearSession, clearAdminSession, navigate]);
  // Offered once two-step verification has just been turned on here.
  const [offerSignOut, setOfferSignOut] = useState(false);

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      {/* In a card like the sections: the layout's coloured band behind the page top would drown plain text. */}
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h1">
            Security
          </Typography>
          <Typography color="text.secondary">
            {audience === 'admin'
              ? 'Protect your back-office account: two-step verification, where you are signed in, recent activity.'
              : 'Protect your account: two-step verification, your password, where you are signed in, recent activity.'}
          </Typography>
        </CardContent>
      </Card>
      <Suspense fallback={<CenteredSpinner size="section" label="Loading two-step verification…" />}>
        <TwoStepSection audience={audience} onSetUp={() => setOfferSignOut(true)} />
      </Suspense>
      {offerSignOut && <TwoStepOnOffer audience={audience} onDone={() => setOfferSignOut(false)} />}
      {audience === 'player' && <PasswordSection />}
      <Suspense fallback={<CenteredSpinner size="section" label="Loading passkeys…" />}>
        <PasskeysSection audience={audience} />
      </Suspense>
      <SessionsSection audience={audience} onSignedOut={signedOut} />
      {audience === 'player' && <AppsWithAccessSection />}
      <EventsSection audience={audience} />
    </Stack>
  );
}
