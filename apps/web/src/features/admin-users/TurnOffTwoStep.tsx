import Button from '@mui/material/Button';
import { supportTwoStepOffSchema } from '@portal/contract';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { FormTextField } from '../../shell/FormTextField';
import { turnOffTwoStep } from './api';
import { useReasonedAction } from './useReasonedAction';

/**
 * Support turns off a player's two-step verification (a lost phone, no recovery codes) only after checking who
 * they are, and says how in the dialog: the reason goes to the audit trail and the player is emailed.
 */
export function TurnOffTwoStep({
  userId,
  email,
  onDone,
}: {
  userId: string;
  email: string;
  onDone: (outcome: { ok: boolean; text: string }) => void;
}) {
  const turnOff = useReasonedAction({
    schema: supportTwoStepOffSchema,
    send: (reason) => turnOffTwoStep(userId, { reason }),
    failure: 'Two-step verification could not be turned off.',
    onDone,
  });
  return (
    <>
      <Button variant="outlined" size="small" color="warning" onClick={turnOff.start}>
        Turn off two-step verification
      </Button>
      <ConfirmDialog
        confirmation={
          turnOff.open
            ? {
                title: 'Turn off two-step verification?',
                text: `Only after you checked that you are talking to the owner of ${email}: anyone with the password can then sign in. The player is emailed.`,
                confirm: 'Turn off',
                color: 'warning',
                onConfirm: turnOff.submit,
              }
            : null
        }
        onClose={turnOff.close}
        action={{ pending: turnOff.pending, pendingLabel: 'Working…' }}
      >
        <FormTextField
          control={turnOff.control}
          name="reason"
          label="How did you check who the player is?"
          multiline
          minRows={2}
          fullWidth
          required
        />
      </ConfirmDialog>
    </>
  );
}
