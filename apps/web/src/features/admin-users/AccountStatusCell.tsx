import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { AccountStatus, AdminUserRow } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useStaffAccess } from '../../shell/staff-access';
import { adminUsersApi } from './api';

const CHANGE = {
  suspended: {
    action: 'Suspend',
    title: 'Suspend this player?',
    text: 'They are signed out everywhere at once and cannot sign in until reactivated.',
  },
  active: {
    action: 'Reactivate',
    title: 'Reactivate this player?',
    text: 'They can sign in again with their usual details.',
  },
} as const;

/**
 * The Account column of the users tables: the player's status and the one action that changes it, after a
 * confirmation. The tables and the player's detail page reload when it is done. A role without player
 * actions sees the status only.
 */
export function AccountStatusCell({
  row,
}: {
  row: Pick<AdminUserRow, 'id' | 'name' | 'email' | 'account_status'>;
}) {
  const client = useQueryClient();
  const staff = useStaffAccess();
  const [confirming, setConfirming] = useState(false);
  const next: AccountStatus = row.account_status === 'active' ? 'suspended' : 'active';
  const change = useMutation({
    mutationFn: () => adminUsersApi.setStatus(row.id, { status: next }),
    onSuccess: async () => {
      setConfirming(false);
      // The tables and the player's detail page show the status.
      await Promise.all([
        client.invalidateQueries({ queryKey: ['admin-table'] }),
        client.invalidateQueries({ queryKey: ['admin-users'] }),
      ]);
    },
  });
  const open = () => {
    change.reset();
    setConfirming(true);
  };

  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Chip
        size="small"
        color={row.account_status === 'active' ? 'success' : 'error'}
        variant={row.account_status === 'active' ? 'outlined' : 'filled'}
        label={row.account_status === 'active' ? 'Active' : 'Suspended'}
      />
      {staff.grants('players.act') && (
        <Button size="small" onClick={open} aria-label={`${CHANGE[next].action} ${row.email}`}>
          {CHANGE[next].action}
        </Button>
      )}
      <Dialog
        open={confirming}
        onClose={() => !change.isPending && setConfirming(false)}
        aria-labelledby={`account-${row.id}-title`}
      >
        <DialogTitle id={`account-${row.id}-title`}>{CHANGE[next].title}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {row.name} ({row.email}). {CHANGE[next].text}
          </DialogContentText>
          {change.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {errorMessage(change.error, 'The change failed.')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={change.isPending} autoFocus>
            Cancel
          </Button>
          <Button
            variant="contained"
            color={next === 'suspended' ? 'error' : 'primary'}
            onClick={() => change.mutate()}
            disabled={change.isPending}
          >
            {change.isPending ? 'Saving…' : CHANGE[next].action}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
