import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GAME_LABELS, GAMES, SANCTION_SCOPES, SANCTION_STATUSES } from '@portal/contract';
import { useState } from 'react';
import { AsyncSection } from '../../shell/AsyncSection';
import { useStaffAccess } from '../../shell/staff-access';
import { SANCTION_STATUS_LABELS, SCOPE_LABELS } from '../standing';
import { type SanctionQuery, useSanctions } from './api';
import { useLiftDialog } from './LiftSanction';
import { Pager } from './Pager';
import { SanctionsTable } from './SanctionsTable';
import { useToast } from './Toast';

type Filter = Omit<SanctionQuery, 'page' | 'player'>;

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** A filter's select: "every" first, then the values in their words. */
function FilterSelect<T extends string>({
  label,
  every,
  values,
  words,
  value,
  onChange,
}: {
  label: string;
  every: string;
  values: readonly T[];
  words: Record<T, string>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <TextField
      select
      label={label}
      size="small"
      sx={{ minWidth: 180 }}
      slotProps={nativeSelect}
      value={value ?? ''}
      onChange={(event) => onChange(values.find((v) => v === event.target.value))}
    >
      <option value="">{every}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {words[v]}
        </option>
      ))}
    </TextField>
  );
}

/**
 * /mlg/admin/sanctions: every sanction, newest first, filtered by status, game and scope, 50 a page; Lift
 * (with a reason) on those in force for a role with 'players.act'.
 */
export default function SanctionsPage() {
  const [filter, setFilter] = useState<Filter>({ status: 'active' });
  const [page, setPage] = useState(1);
  const sanctions = useSanctions({ ...filter, page });
  const acts = useStaffAccess().grants('players.act');
  const [toast, say] = useToast();
  const [liftDialog, startLift] = useLiftDialog(() => say('The sanction was lifted.'));
  const choose = (next: Filter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="sanctions-title">
      <Typography id="sanctions-title" variant="h6" component="h1" sx={{ mb: 1 }}>
        Sanctions
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Bans and restrictions placed on players, newest first.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2 }}
        component="form"
        aria-label="Filter the sanctions"
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterSelect
          label="Status"
          every="Every status"
          values={SANCTION_STATUSES}
          words={SANCTION_STATUS_LABELS}
          value={filter.status}
          onChange={(status) => choose({ ...filter, status })}
        />
        <FilterSelect
          label="Game"
          every="Every game"
          values={GAMES}
          words={GAME_LABELS}
          value={filter.game}
          onChange={(game) => choose({ ...filter, game })}
        />
        <FilterSelect
          label="Applies to"
          every="Everything"
          values={SANCTION_SCOPES}
          words={SCOPE_LABELS}
          value={filter.scope}
          onChange={(scope) => choose({ ...filter, scope })}
        />
      </Stack>
      <Box sx={{ height: 4 }}>
        {sanctions.isFetching && <LinearProgress aria-label="Loading sanctions" />}
      </Box>
      <AsyncSection
        query={sanctions}
        what="the sanctions"
        rows={5}
        select={(data) => data.sanctions}
        empty="No sanctions match this filter."
      >
        {(list) => (
          <SanctionsTable
            sanctions={list}
            label="Sanctions"
            showPlayer
            onLift={acts ? startLift : undefined}
          />
        )}
      </AsyncSection>
      <Pager
        page={page}
        hasMore={sanctions.data?.has_more ?? false}
        busy={sanctions.isPlaceholderData}
        onPage={setPage}
      />
      {liftDialog}
      {toast}
    </Card>
  );
}
