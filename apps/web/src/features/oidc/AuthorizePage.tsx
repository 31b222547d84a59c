import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OIDC_MESSAGES } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { generatePath, Link as RouterLink, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api';
import { AuthLayout } from '../../shell/AuthLayout';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { PAGES } from '../../shell/pages';
import { loginReturningTo } from '../../shell/return-path';
import { useSession } from '../../shell/session';
import { AppRequest } from './AppRequest';
import { useInteraction, useInteractionStep } from './api';

/** Where the provider's reply sends the browser next (back to the provider, then to the app). */
const follow = (to: string) => window.location.assign(to);

/**
 * /authorize/{uid}: an app asks the player to sign in with the portal (docs/oidc.md). A visitor signs in by
 * any of the portal's methods and comes back here; the portal session then finishes the app's sign-in step,
 * and a third-party app asks for the player's consent (Approve or Deny) before the browser goes back to it.
 */
export default function AuthorizePage() {
  const { uid = '' } = useParams();
  const { player, clearSession } = useSession();
  const interaction = useInteraction(uid);
  const step = useInteractionStep(uid);
  const started = useRef(false);
  const signedIn = player.isAuthenticated;
  const due = interaction.data?.prompt;

  // Signed in: the portal session answers the sign-in step at once (consent, when due, is asked next).
  useEffect(() => {
    if (due !== 'login' || !signedIn || started.current) return;
    started.current = true;
    step.mutate({ login: true }, { onSuccess: (reply) => follow(reply.redirect_to) });
  }, [due, signedIn, step]);

  // The stored session ended meanwhile: sign in again.
  const expired = step.error instanceof ApiError && step.error.code === 'UNAUTHENTICATED';
  useEffect(() => {
    if (expired) clearSession();
  }, [expired, clearSession]);

  const answer = (approve: boolean) =>
    step.mutate({ approve }, { onSuccess: (reply) => follow(reply.redirect_to) });

  return (
    <AuthLayout
      aside={{ title: 'Sign in with your portal account', text: 'One account for all your games and apps.' }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Sign in to an app
      </Typography>
      {interaction.isPending ? (
        <CenteredSpinner size="section" label="Loading the request…" />
      ) : interaction.isError ? (
        <Alert severity="error">{errorMessage(interaction.error, OIDC_MESSAGES.interactionNotFound)}</Alert>
      ) : (
        <Stack spacing={2}>
          <AppRequest client={interaction.data.client} scopes={interaction.data.scopes} />
          {step.isError && !expired && (
            <Alert severity="error">
              {errorMessage(step.error, 'The app could not be signed in. Please try again.')}
            </Alert>
          )}
          {!signedIn || expired ? (
            <>
              <Typography>Sign in to your portal account to continue.</Typography>
              <Button
                component={RouterLink}
                to={loginReturningTo(generatePath(PAGES.authorize.path, { uid }))}
                variant="contained"
                size="large"
              >
                Sign in
              </Button>
            </>
          ) : due === 'consent' ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button
                variant="contained"
                size="large"
                disabled={step.isPending || step.isSuccess}
                onClick={() => answer(true)}
              >
                Approve
              </Button>
              <Button
                variant="outlined"
                size="large"
                disabled={step.isPending || step.isSuccess}
                onClick={() => answer(false)}
              >
                Deny
              </Button>
            </Stack>
          ) : step.isError ? null : (
            <CenteredSpinner size="section" label="Signing the app in…" />
          )}
        </Stack>
      )}
    </AuthLayout>
  );
}
