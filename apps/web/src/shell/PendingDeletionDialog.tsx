import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { privacyEndpoints } from '@portal/contract';
import { PRIVACY_MESSAGES } from '@portal/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, call, errorMessage } from '../lib/api';
import { formatDate } from '../lib/format';
import { PAGES } from './pages';
import { useSession } from './session';

/**
 * Signed in while a deletion the player asked for waits (docs/decisions/0045-account-care.md): the player
 * chooses. "Keep my account" cancels the deletion; "Continue deletion" signs out, and the data is erased on
 * the date shown. No way around the choice: the dialog has no close button and ignores Escape.
 */
export default function PendingDeletionDialog({ eraseAt }: { eraseAt: string }) {
  const { player, updateUser } = useSession();
  const navigate = useNavigate();
  const keepUser = () => updateUser({ ...player.user, pending_deletion: null });
  const keep = useMutation({
    mutationFn: () => call(privacyEndpoints.cancelDeletion),
    onError: (error) => {
      // Kept already (another tab): nothing waits any more.
      if (error instanceof ApiError && error.code === 'NO_DELETION_PENDING') keepUser();
    },
  });

  return (
    <Dialog open aria-labelledby="pending-deletion-title" aria-describedby="pending-deletion-text">
      <DialogTitle id="pending-deletion-title">
        {keep.isSuccess ? 'Your account stays' : 'Your account is waiting to be deleted'}
      </DialogTitle>
      <DialogContent>
        {keep.isSuccess ? (
          <DialogContentText id="pending-deletion-text" role="status">
            {PRIVACY_MESSAGES.deletionCancelled}
          </DialogContentText>
        ) : (
          <DialogContentText id="pending-deletion-text">
            You asked to delete your account. Your personal data will be erased on {formatDate(eraseAt)}. Do
            you want to keep your account?
          </DialogContentText>
        )}
        {keep.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(keep.error, 'Your account could not be kept. Please try again.')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {keep.isSuccess ? (
          <Button variant="contained" onClick={keepUser} autoFocus>
            OK
          </Button>
        ) : (
          <>
            <Button
              color="error"
              onClick={() => navigate(PAGES.logout.path, { replace: true })}
              disabled={keep.isPending}
            >
              Continue deletion
            </Button>
            <Button variant="contained" onClick={() => keep.mutate()} disabled={keep.isPending} autoFocus>
              Keep my account
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
