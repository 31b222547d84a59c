import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { CopyButton } from '../../shell/CopyButton';

export interface ShownOnce {
  title: string;
  /** What the value is for and where it goes. */
  text: string;
  value: string;
}

/**
 * A secret the server keeps only as a hash (a webhook signing secret, a server key): shown here once, with a
 * Copy button, until Done.
 */
export function ShownOnceDialog({ shown, onClose }: { shown: ShownOnce | null; onClose: () => void }) {
  return (
    <Dialog open={shown !== null} aria-labelledby="shown-once-title" fullWidth maxWidth="sm">
      {shown && (
        <>
          <DialogTitle id="shown-once-title">{shown.title}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{shown.text}</DialogContentText>
            <Alert severity="warning" sx={{ mb: 2 }}>
              Copy it now: it is shown only once and cannot be seen again.
            </Alert>
            <Box
              data-testid="shown-once-value"
              sx={{
                p: 1.5,
                mb: 1,
                fontFamily: 'monospace',
                wordBreak: 'break-all',
                bgcolor: 'action.hover',
                borderRadius: 1,
              }}
            >
              {shown.value}
            </Box>
            <CopyButton text={shown.value} variant="outlined" size="small">
              Copy
            </CopyButton>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
