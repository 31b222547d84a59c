import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AdminUserRow,
  createReferralCodeSchema,
  GAME_LABELS,
  GAMES,
  REFERRAL_EXPORT_FILE_NAME,
  type ReferralCodeRow,
} from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../lib/api';
import { AdminTable, type Column } from '../admin-users/AdminTable';
import { levelLabel, usDate } from '../admin-users/rows';

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
    cell: (r) => (
      <span style={{ overflowWrap: 'anywhere', display: 'inline-block', minWidth: 220 }}>{r.url}</span>
    ),
  },
  { header: 'Used In', cell: (r) => r.used_for },
  { header: 'Total Count', cell: (r) => r.total_count },
];

function CreateReferralCode({ onCreated }: { onCreated: () => void }) {
  const [code, setCode] = useState('');
  const [game, setGame] = useState<(typeof GAMES)[number]>('caliber');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ReferralCodeRow | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createReferralCodeSchema.safeParse({ code, game });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the code.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const row = await api.post<ReferralCodeRow>('/api/referralCodes', parsed.data, { auth: 'admin' });
      setCreated(row);
      setCode('');
      onCreated();
    } catch (caught) {
      setError(errorMessage(caught, 'The code could not be created.'));
    } finally {
      setBusy(false);
    }
  };

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
        <TextField
          size="small"
          label="Referral Code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />
        <TextField
          select
          size="small"
          label="Game"
          value={game}
          onChange={(e) => setGame(e.target.value as (typeof GAMES)[number])}
          sx={{ minWidth: 160 }}
        >
          {GAMES.map((g) => (
            <MenuItem key={g} value={g}>
              {GAME_LABELS[g]}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={busy}>
          Create
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {error}
        </Alert>
      )}
      {created && (
        <Alert severity="success" sx={{ mt: 2 }} role="status">
          Created {created.referral_code}: <span style={{ wordBreak: 'break-all' }}>{created.url}</span>
        </Alert>
      )}
    </Card>
  );
}

/** Referral Codes: per-user table, totals table ('No data available' when empty) and the create form. */
export default function ReferralCodesPage() {
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <CreateReferralCode onCreated={() => setRefresh((n) => n + 1)} />
      <AdminTable<AdminUserRow>
        title="Caliber Referral Users"
        endpoint="/api/referralCodes/caliber"
        exportEndpoint="/api/referralCodes/caliber/export"
        exportFileName={REFERRAL_EXPORT_FILE_NAME}
        columns={perUser}
        rowKey={(r) => r.id}
      />
      <AdminTable<ReferralCodeRow>
        title="Referral Codes"
        endpoint="/api/all-referralCodes"
        exportEndpoint="/api/all-referralCodes/export"
        exportFileName={REFERRAL_EXPORT_FILE_NAME}
        columns={totals}
        rowKey={(r) => r.id}
        refreshKey={refresh}
        emptyText="No data available"
      />
    </>
  );
}
