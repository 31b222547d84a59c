import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';

export interface Confirmation {
  title: string;
  text: ReactNode;
  /** The confirm button's words ('Remove', 'Suspend'). */
  confirm: string;
  onConfirm: () => void;
  /** The confirm button's colour: red (the default) for what cannot be taken back, else warning or primary. */
  color?: 'error' | 'warning' | 'primary';
}

/** An action the dialog waits for (a request): it stays open until the caller closes it. */
export interface ConfirmAction {
  /** While true the buttons wait, Confirm reads `pendingLabel`, and Escape or a click outside does nothing. */
  pending: boolean;
  /** Confirm's words while pending ('Removing…'); its own words without one. */
  pendingLabel?: string;
  /** Why the action failed, shown in the dialog (the caller keeps it open). */
  error?: string | null;
}

/**
 * Asks before an action that cannot be taken back (signing sessions out, revoking a key, suspending a player);
 * Cancel (which has the focus) or Escape leaves everything as it is. Without `action` Confirm runs `onConfirm`
 * and closes at once; with it the dialog waits for the request. `children` adds what must be filled in first
 * (a reason for the audit trail): Confirm then submits them as a form, and `onConfirm` validates
 * (react-hook-form's `handleSubmit`).
 */
export function ConfirmDialog({
  confirmation,
  onClose,
  action,
  children,
}: {
  confirmation: Confirmation | null;
  onClose: () => void;
  action?: ConfirmAction;
  children?: ReactNode;
}) {
  const titleId = useId();
  const pending = action?.pending ?? false;
  return (
    <Dialog open={confirmation !== null} onClose={() => !pending && onClose()} aria-labelledby={titleId}>
      {confirmation && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirmation.onConfirm();
            if (!action) onClose();
          }}
        >
          <DialogTitle id={titleId}>{confirmation.title}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: children ? 2 : 0 }}>{confirmation.text}</DialogContentText>
            {children}
            {action?.error && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {action.error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={pending} autoFocus>
              Cancel
            </Button>
            <Button
              type="submit"
              color={confirmation.color ?? 'error'}
              variant="contained"
              disabled={pending}
            >
              {pending && action?.pendingLabel ? action.pendingLabel : confirmation.confirm}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
