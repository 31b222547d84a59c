import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  STAFF_ROLES,
  type StaffInvitation,
  type StaffMember,
  type StaffRole,
  staffInviteSchema,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { type Confirmation, ConfirmDialog } from '../../shell/ConfirmDialog';
import { FormTextField } from '../../shell/FormTextField';
import { HiddenHeaderCell } from '../../shell/HiddenHeaderCell';
import { useCancelInvitation, useChangeStaff, useInviteStaff, useStaff } from './api';

type Outcome = { ok: boolean; text: string } | null;

/** What each role opens (docs/staff-roles.md), for the invite form and the role menus. */
const ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'Everything, and manages staff',
  support: 'Players: tables, detail and actions',
  finance: 'Sales orders and exports, dashboards',
  analyst: 'Dashboards and read-only tables',
};

function InviteForm({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const invite = useInviteStaff();
  const form = useForm({
    resolver: zodResolver(staffInviteSchema),
    defaultValues: { email: '', name: '', role: 'support' as StaffRole },
  });
  const submit = form.handleSubmit((values) => {
    onOutcome(null);
    invite.mutate(values, {
      onSuccess: (reply) => {
        form.reset();
        onOutcome({ ok: true, text: reply.message });
      },
      onError: (error) => {
        if (!showFieldErrors(error, form))
          onOutcome({ ok: false, text: errorMessage(error, 'The invitation could not be sent.') });
      },
    });
  });
  return (
    <Stack
      component="form"
      aria-label="Invite a staff member"
      onSubmit={submit}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' } }}
      noValidate
    >
      <FormTextField control={form.control} name="name" label="Name" size="small" required />
      <FormTextField control={form.control} name="email" label="Email" type="email" size="small" required />
      <FormTextField
        control={form.control}
        name="role"
        label="Role"
        size="small"
        select
        sx={{ minWidth: 160 }}
      >
        {STAFF_ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {role}
          </MenuItem>
        ))}
      </FormTextField>
      <Button type="submit" variant="contained" disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </Button>
    </Stack>
  );
}

function MemberRow({ member, onOutcome }: { member: StaffMember; onOutcome: (outcome: Outcome) => void }) {
  const change = useChangeStaff();
  const [confirming, setConfirming] = useState(false);
  const apply = (patch: { role?: StaffRole; active?: boolean }) => {
    onOutcome(null);
    change.mutate(
      { id: member.id, change: patch },
      {
        onSuccess: (reply) => onOutcome({ ok: true, text: `${member.email}: ${reply.message}` }),
        onError: (error) => onOutcome({ ok: false, text: errorMessage(error, 'The change failed.') }),
        onSettled: () => setConfirming(false),
      },
    );
  };
  const action = member.active ? 'Deactivate' : 'Reactivate';
  return (
    <TableRow hover>
      <TableCell>{member.name}</TableCell>
      <TableCell>{member.email}</TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={member.role}
          disabled={change.isPending}
          onChange={(event) => apply({ role: event.target.value as StaffRole })}
          slotProps={{ htmlInput: { 'aria-label': `Role of ${member.email}` } }}
        >
          {STAFF_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {role}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={member.active ? 'success' : 'default'}
          label={member.active ? 'Active' : 'Inactive'}
        />
      </TableCell>
      <TableCell>{member.two_step ? 'On' : 'Off'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(member.last_login_at, 'Never')}</TableCell>
      <TableCell>
        <Button size="small" color={member.active ? 'error' : 'primary'} onClick={() => setConfirming(true)}>
          {action}
        </Button>
        <ConfirmDialog
          confirmation={
            confirming
              ? {
                  title: `${action} ${member.name}?`,
                  text: member.active
                    ? `${member.email} is signed out everywhere at once and cannot sign in until reactivated.`
                    : `${member.email} can sign in again with their password.`,
                  confirm: action,
                  color: 'primary',
                  onConfirm: () => apply({ active: !member.active }),
                }
              : null
          }
          onClose={() => setConfirming(false)}
          action={{ pending: change.isPending }}
        />
      </TableCell>
    </TableRow>
  );
}

/**
 * The invitations not yet accepted, each with Cancel behind a confirmation (its link then stops working).
 * They also end when their inviter stops being an active owner.
 */
function OpenInvitations({
  invitations,
  onOutcome,
}: {
  invitations: StaffInvitation[];
  onOutcome: (outcome: Outcome) => void;
}) {
  const cancel = useCancelInvitation();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  if (invitations.length === 0) return <Typography color="text.secondary">No open invitations.</Typography>;
  const ask = (invitation: StaffInvitation) =>
    setConfirmation({
      title: `Cancel the invitation to ${invitation.email}?`,
      text: 'Its link stops working at once. You can invite them again later.',
      confirm: 'Cancel invitation',
      onConfirm: () => {
        onOutcome(null);
        cancel.mutate(invitation.id, {
          onSuccess: (reply) => onOutcome({ ok: true, text: `${invitation.email}: ${reply.message}` }),
          onError: (error) =>
            onOutcome({ ok: false, text: errorMessage(error, 'The invitation could not be cancelled.') }),
        });
      },
    });
  return (
    <>
      <Stack component="ul" spacing={0.5} sx={{ pl: 3, m: 0 }} aria-label="Open invitations">
        {invitations.map((invitation) => (
          <Box
            component="li"
            key={invitation.id}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}
          >
            <Typography component="span">
              {invitation.name} ({invitation.email}), {invitation.role}, valid until{' '}
              {formatDateTime(invitation.expires_at)}
            </Typography>
            <Button
              size="small"
              color="error"
              disabled={cancel.isPending}
              onClick={() => ask(invitation)}
              aria-label={`Cancel the invitation to ${invitation.email}`}
            >
              Cancel
            </Button>
          </Box>
        ))}
      </Stack>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </>
  );
}

/**
 * /mlg/admin/staff (owners): who works in the back-office with which role, invitations by email (a
 * single-use link valid 48 hours) and their cancelling, role changes, and deactivation (their sessions end
 * at once).
 */
export default function StaffPage() {
  const staff = useStaff();
  const [outcome, setOutcome] = useState<Outcome>(null);
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="staff-title">
      <Typography id="staff-title" variant="h6" component="h1" sx={{ mb: 1 }}>
        Staff
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Give each colleague the role their job needs.
      </Typography>
      <Typography component="ul" variant="body2" color="text.secondary" sx={{ mb: 3, pl: 3 }}>
        {STAFF_ROLES.map((role) => (
          <li key={role}>
            <strong>{role}</strong>: {ROLE_HINTS[role]}
          </li>
        ))}
      </Typography>
      <InviteForm onOutcome={setOutcome} />
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          role={outcome.ok ? 'status' : 'alert'}
          onClose={() => setOutcome(null)}
          sx={{ mt: 2 }}
        >
          {outcome.text}
        </Alert>
      )}
      <Box sx={{ mt: 3 }}>
        <AsyncSection query={staff} what="the staff list">
          {(data) => (
            <>
              <TableContainer tabIndex={0} aria-label="Staff members, scrollable">
                <Table size="small" aria-label="Staff members">
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell>Email</TableCell>
                      <TableCell>Role</TableCell>
                      <TableCell>Status</TableCell>
                      <TableCell>Two-step</TableCell>
                      <TableCell>Last sign-in</TableCell>
                      <HiddenHeaderCell>Actions</HiddenHeaderCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.staff.map((member) => (
                      <MemberRow key={member.id} member={member} onOutcome={setOutcome} />
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 1 }}>
                Open invitations
              </Typography>
              <OpenInvitations invitations={data.invitations} onOutcome={setOutcome} />
            </>
          )}
        </AsyncSection>
      </Box>
    </Card>
  );
}
