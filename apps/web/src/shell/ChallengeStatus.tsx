import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { CHALLENGE_MESSAGES } from '@portal/contract/constants';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { ChallengeStatusSource } from '../lib/proof-of-work';
import { visuallyHidden } from './visuallyHidden';

/** The form whose submission is being checked: the last one sent, while it is still on the page. */
function useSentForm(checking: boolean): HTMLFormElement | null {
  const lastSent = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const remember = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement) lastSent.current = event.target;
    };
    document.addEventListener('submit', remember, true);
    return () => document.removeEventListener('submit', remember, true);
  }, []);
  // Read as the check starts (a render of its own): the submit event always comes before its request's check.
  return checking && lastSent.current?.isConnected ? lastSent.current : null;
}

/** A place at the end of `form` for the note, removed with it. */
function useNoteSlot(form: HTMLFormElement | null): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!form) return;
    const element = document.createElement('div');
    form.append(element);
    setSlot(element);
    return () => {
      element.remove();
      setSlot(null);
    };
  }, [form]);
  return slot;
}

/**
 * "Checking your browser…" while the browser solves a proof-of-work challenge (the API client's `proofOfWork.status`), shown
 * under the form that was sent, where the person is looking; a request sent by no form (a button alone) gets
 * a small banner at the bottom instead. The words are announced by a polite live region that is always in the
 * page (so screen readers announce the text when it appears); it has no `status` role, so the pages' own status
 * messages stay the only ones, and the note under the form is hidden from them to be read once.
 */
export function ChallengeStatus({ status }: { status: ChallengeStatusSource }) {
  const checking = useSyncExternalStore(status.subscribe, status.isChecking, () => false);
  const form = useSentForm(checking);
  const slot = useNoteSlot(form);
  const banner = checking && !form;
  return (
    <>
      <Box
        aria-live="polite"
        aria-atomic="true"
        sx={
          banner
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
      {checking &&
        slot &&
        createPortal(
          <Box
            aria-hidden="true"
            data-testid="challenge-note"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              mt: 1.5,
              color: 'text.secondary',
              fontWeight: 600,
            }}
          >
            <CircularProgress size={16} color="inherit" aria-hidden />
            {CHALLENGE_MESSAGES.checking}
          </Box>,
          slot,
        )}
    </>
  );
}
