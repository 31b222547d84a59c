import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { AccountStatus, AdminUserRow } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
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
      <ConfirmDialog
        confirmation={
          confirming
            ? {
                title: CHANGE[next].title,
                text: `${row.name} (${row.email}). ${CHANGE[next].text}`,
                confirm: CHANGE[next].action,
                color: next === 'suspended' ? 'error' : 'primary',
                onConfirm: () => change.mutate(),
              }
            : null
        }
        onClose={() => setConfirming(false)}
        action={{
          pending: change.isPending,
          pendingLabel: 'Saving…',
          error: change.isError ? errorMessage(change.error, 'The change failed.') : null,
        }}
      />
    </Stack>
  );
}
