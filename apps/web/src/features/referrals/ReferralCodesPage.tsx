import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type AdminUserRow,
  adminUsersEndpoints,
  createReferralCodeSchema,
  GAME_LABELS,
  GAMES,
  type ReferralCodeRow,
  referralsEndpoints,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { FormTextField } from '../../shell/FormTextField';
import { useStaffAccess } from '../../shell/staff-access';
import { visuallyHidden } from '../../shell/visuallyHidden';
import { AdminTable, type Column, levelLabel, usDate } from '../admin-users';
import { useCreateReferralCode } from './api';

const perUser: Column<AdminUserRow>[] = [
  { header: 'Name', cell: (r) => r.name },
  { header: 'Referral Code', cell: (r) => r.referral_code ?? '' },
  { header: 'Email', cell: (r) => r.email },
  { header: 'Phone Number', cell: (r) => r.phone_number ?? '' },
  { header: 'Game', cell: (r) => r.games[0]?.name ?? '' },
  { header: 'Level', cell: levelLabel },
  { header: 'Created At', cell: (r) => usDate(r.registered_at) },
];
const totals: Column<ReferralCodeRow>[] = [
  { header: 'Referral Code', cell: (r) => r.referral_code },
  // Wraps at the URL's punctuation where it can, and keeps a readable width on phones (the table scrolls).
  {
    header: 'URL',
    wrap: true,
    cell: (r) => (
      <span style={{ overflowWrap: 'anywhere', display: 'inline-block', minWidth: 220 }}>{r.url}</span>
    ),
  },
  { header: 'Used In', cell: (r) => r.used_for },
  { header: 'Total Count', cell: (r) => r.total_count },
];

function CreateReferralCode({ onCreated }: { onCreated: () => void }) {
  const create = useCreateReferralCode();
  const form = useForm({
    resolver: zodResolver(createReferralCodeSchema),
    defaultValues: { code: '', game: 'caliber' as const },
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: () => {
        form.resetField('code');
        onCreated();
      },
      onError: (error) => {
        if (!showFieldErrors(error, form)) setFailure(errorMessage(error, 'The code could not be created.'));
      },
    });
  });

  return (
    <Card sx={{ p: { xs: 2, md: 3 }, mb: 3 }} component="section" aria-labelledby="create-code-title">
      <Typography id="create-code-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Create a referral code
      </Typography>
      <Stack
        component="form"
        onSubmit={submit}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        noValidate
      >
        <FormTextField control={form.control} name="code" size="small" label="Referral Code" required />
        <FormTextField
          control={form.control}
          name="game"
          select
          size="small"
          label="Game"
          sx={{ minWidth: 160 }}
        >
          {GAMES.map((g) => (
            <MenuItem key={g} value={g}>
              {GAME_LABELS[g]}
            </MenuItem>
          ))}
        </FormTextField>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Create
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {failure}
        </Alert>
      )}
      {create.data && (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          Created {create.data.referral_code}:{' '}
          <span style={{ wordBreak: 'break-all' }}>{create.data.url}</span>
        </Alert>
      )}
    </Card>
  );
}

/** Referral Codes: per-user table, totals table ('No data available' when empty) and the create form. */
export default function ReferralCodesPage() {
  const [refresh, setRefresh] = useState(0);
  const staff = useStaffAccess();
  // The exports hold personal data: offered only to a role with players.export.
  const mayExport = staff.grants('players.export');
  return (
    <>
      {/* The page's one h1, for screen readers; the sections' own titles are what the eye reads. */}
      <Typography component="h1" sx={visuallyHidden}>
        Referral Codes
      </Typography>
      {staff.grants('referrals.manage') && <CreateReferralCode onCreated={() => setRefresh((n) => n + 1)} />}
      <AdminTable<AdminUserRow>
        title="Caliber Referral Users"
        list={adminUsersEndpoints.referredList}
        exportLink={mayExport ? adminUsersEndpoints.referredExportLink : undefined}
        columns={perUser}
        rowKey={(r) => r.id}
      />
      <AdminTable<ReferralCodeRow>
        title="Referral Codes"
        list={referralsEndpoints.list}
        exportLink={mayExport ? referralsEndpoints.exportLink : undefined}
        columns={totals}
        rowKey={(r) => r.id}
        refreshKey={refresh}
        emptyText="No data available"
      />
    </>
  );
}
