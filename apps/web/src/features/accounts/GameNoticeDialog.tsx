import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** The outcome of a game registration from the profile: after a success, OK reloads the page (spec). */
export interface GameNotice {
  ok: boolean;
  text: string;
}

/**
 * The registration's outcome over the profile. Its own module, loaded with the first outcome: MUI's dialog
 * (modal, focus trap, backdrop) is a handful of requests the profile's first screen does not need.
 */
export default function GameNoticeDialog({ notice, onClose }: { notice: GameNotice; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="game-notice-title">
      <DialogTitle id="game-notice-title">{notice.ok ? 'Registered' : 'Registration failed'}</DialogTitle>
      <DialogContent>
        <DialogContentText>{notice.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          autoFocus
          onClick={() => {
            if (notice.ok) window.location.reload();
            else onClose();
          }}
        >
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
