import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { type Audience, useSignOutOthers } from './api';
import { othersNotice } from './SessionsSection';

/**
 * Once two-step verification is turned on, the offer to end the account's other sessions (decision 0063):
 * a browser or launcher someone else signed in before keeps its session otherwise, and signs in again with
 * a code once ended.
 */
export function TwoStepOnOffer({ audience, onDone }: { audience: Audience; onDone: () => void }) {
  const signOutOthers = useSignOutOthers(audience);
  const [notice, setNotice] = useState<string | null>(null);
  if (notice)
    return (
      <Alert severity="success" role="status" onClose={onDone}>
        {notice}
      </Alert>
    );
  return (
    <Alert severity="info" aria-label="End your other sessions">
      <Stack spacing={1.5} alignItems="flex-start">
        <span>
          Two-step verification is on. Sessions signed in before it keep going until they end: end them now,
          and every other browser, phone and launcher signs in again with a code.
        </span>
        {signOutOthers.isError && (
          <span role="alert">
            {errorMessage(signOutOthers.error, 'The other sessions could not be ended. Please try again.')}
          </span>
        )}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            size="small"
            disabled={signOutOthers.isPending}
            onClick={() =>
              signOutOthers.mutate(undefined, { onSuccess: (reply) => setNotice(othersNotice(reply)) })
            }
          >
            End the other sessions
          </Button>
          <Button variant="text" size="small" onClick={onDone}>
            Not now
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}
