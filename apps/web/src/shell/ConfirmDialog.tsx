import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface Confirmation {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
}

/**
 * Asks before an action that cannot be taken back (signing sessions out, revoking a key); Cancel (or Escape)
 * leaves everything as it is.
 */
export function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={confirmation !== null} onClose={onClose} aria-labelledby="confirm-dialog-title">
      {confirmation && (
        <>
          <DialogTitle id="confirm-dialog-title">{confirmation.title}</DialogTitle>
          <DialogContent>
            <DialogContentText>{confirmation.text}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                confirmation.onConfirm();
                onClose();
              }}
            >
              {confirmation.confirm}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
