import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { playerEraseSchema } from '@portal/contract';
import { z } from 'zod';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { FormTextField } from '../../shell/FormTextField';
import { erasePlayer } from './api';
import { useReasonedAction } from './useReasonedAction';

/** Without the player's request the reason is needed (the server says the same). */
const reasonNeeded = z.object({ reason: playerEraseSchema.shape.reason.unwrap() });
/** On the player's request there is nothing to ask (the field is not shown). */
const onRequest = z.object({ reason: z.string() });

const ERASED_TEXT =
  'Name, email, phone, profile, addresses, nicknames, sessions and history are erased at once and cannot be restored. Orders stay, anonymised, for accounting.';

/**
 * Erases a player's personal data at once. Support and owners process a pending deletion request; without
 * one only an owner may, writing why (kept in the audit trail). The caller shows it only to whom it is for.
 */
export function ErasePlayer({
  userId,
  requested,
  onDone,
}: {
  userId: string;
  /** Whether the player has a pending deletion request. */
  requested: boolean;
  onDone: (outcome: { ok: boolean; text: string }) => void;
}) {
  const erase = useReasonedAction({
    schema: requested ? onRequest : reasonNeeded,
    send: (reason) => erasePlayer(userId, !requested && reason ? { reason } : {}),
    failure: 'The personal data could not be erased.',
    onDone,
  });
  return (
    <>
      <Button variant="outlined" size="small" color="error" onClick={erase.start}>
        {requested ? 'Process erasure request' : 'Erase personal data'}
      </Button>
      <ConfirmDialog
        confirmation={
          erase.open
            ? {
                title: "Erase this player's personal data now?",
                text: ERASED_TEXT,
                confirm: 'Erase',
                onConfirm: erase.submit,
              }
            : null
        }
        onClose={erase.close}
        action={{ pending: erase.pending, pendingLabel: 'Erasing…' }}
      >
        {!requested && (
          <>
            <DialogContentText sx={{ mb: 2 }}>
              This player has not asked to delete their account. Say why you erase it: the reason is kept in
              the audit trail.
            </DialogContentText>
            <FormTextField
              control={erase.control}
              name="reason"
              label="Why erase without the player's request?"
              multiline
              minRows={2}
              fullWidth
              required
            />
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
