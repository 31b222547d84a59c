import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ProfileUser } from '@portal/contract';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { useRevealedInBackground } from '../../shell/reveal';
import { useProfile } from './useProfile';

/**
 * The signed-in player's profile once loaded: a spinner while loading (and while a 401 sends the player to
 * /logout), an error with "Try again" when the call failed, else `children(user)`, rendered in the background
 * while the spinner stays (`useRevealedInBackground`).
 */
export function LoadedProfile({ children }: { children: (user: ProfileUser) => ReactNode }) {
  const profile = useProfile();
  const revealed = useRevealedInBackground(!profile.isPending);
  if (!revealed || profile.isPending) return <CenteredSpinner label="Loading your profile…" />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.code === 'UNAUTHENTICATED')
      return <CenteredSpinner />;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        }
      >
        {profile.error.message}
      </Alert>
    );
  }
  return children(profile.data);
}
