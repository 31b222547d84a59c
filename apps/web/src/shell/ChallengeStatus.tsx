import Box from '@mui/material/Box';
import { CHALLENGE_MESSAGES } from '@portal/contract/constants';
import { useSyncExternalStore } from 'react';
import { challengeStatus } from '../lib/proof-of-work';
import { visuallyHidden } from './visuallyHidden';

/**
 * "Checking your browser…" while the browser solves a proof-of-work challenge (lib/proof-of-work.ts): a polite
 * live region that is always in the page (so screen readers announce the text when it appears), shown as a
 * small banner at the bottom while the check runs and hidden otherwise. It has no `status` role, so the
 * pages' own status messages stay the only ones.
 */
export function ChallengeStatus() {
  const checking = useSyncExternalStore(challengeStatus.subscribe, challengeStatus.isChecking, () => false);
  return (
    <Box
      aria-live="polite"
      aria-atomic="true"
      sx={
        checking
          ? {
              position: 'fixed',
              left: '50%',
              bottom: 24,
              transform: 'translateX(-50%)',
              zIndex: 'snackbar',
              px: 3,
              py: 1.5,
              borderRadius: 2,
              boxShadow: 6,
              bgcolor: 'background.paper',
              color: 'text.primary',
              fontWeight: 600,
            }
          : visuallyHidden
      }
    >
      {checking ? CHALLENGE_MESSAGES.checking : ''}
    </Box>
  );
}
