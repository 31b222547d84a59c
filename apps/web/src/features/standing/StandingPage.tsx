import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { keepStandingToken } from '../../lib/standing-token';
import { AsyncSection } from '../../shell/AsyncSection';
import { ACCOUNT_STANDING_PATH } from '../../shell/links';
import { loginReturningTo } from '../../shell/return-path';
import { useSession } from '../../shell/session';
import { useStanding } from './api';
import { ReportPlayerForm } from './ReportPlayerForm';
import { SanctionCard } from './SanctionCard';

/** The standing token a launcher or a game put in the fragment (`#token=…`), else null. */
function tokenInFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.length <= 4096 ? token : null;
}

/**
 * /standing "Account standing" (issue #37): the player's sanctions (what each covers, why, from when until
 * when, whether in force) and the appeal of each; then "Report a player". It opens with the player's session,
 * or without one with the standing token of a refused sign-in (lib/standing-token.ts): a ban keeps that
 * player out of everything else, so the page is not behind the player guard. A token in the fragment is
 * kept in the tab and taken out of the address before anything is asked.
 */
export default function StandingPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { player } = useSession();
  const fromFragment = tokenInFragment(hash);
  useEffect(() => {
    if (!fromFragment) return;
    keepStandingToken(fromFragment);
    navigate({ hash: '' }, { replace: true });
  }, [fromFragment, navigate]);
  const standing = useStanding(fromFragment === null);
  const signedOut =
    standing.error instanceof ApiError && standing.error.code === 'UNAUTHENTICATED' ? standing.error : null;

  return (
    <Card sx={{ maxWidth: 960, mx: 'auto' }} component="section" aria-labelledby="standing-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography id="standing-title" variant="h5" component="h1">
          Account standing
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Sanctions on your account: why each was placed, until when, and your appeal. You can appeal each
          sanction in force once.
        </Typography>
        {signedOut ? (
          <Alert
            severity="info"
            action={
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={loginReturningTo(ACCOUNT_STANDING_PATH)}
              >
                Sign in
              </Button>
            }
          >
            {signedOut.message}
          </Alert>
        ) : (
          <AsyncSection
            query={standing}
            what="your account standing"
            select={(read) => read.standing.sanctions}
            empty={
              <Alert severity="success" role="status">
                Your account is in good standing.
              </Alert>
            }
          >
            {(sanctions) => (
              <Stack spacing={2}>
                {sanctions.map((sanction) => (
                  <SanctionCard key={sanction.id} sanction={sanction} token={standing.data?.token ?? ''} />
                ))}
              </Stack>
            )}
          </AsyncSection>
        )}
        {player.isAuthenticated && (
          <>
            <Divider sx={{ my: 4 }} />
            <ReportPlayerForm />
          </>
        )}
      </CardContent>
    </Card>
  );
}
