import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { SANCTION_SCOPES, SANCTION_STATUSES } from '@portal/contract';
import { useState } from 'react';
import { AsyncSection } from '../../shell/AsyncSection';
import { useStaffAccess } from '../../shell/staff-access';
import { SANCTION_STATUS_LABELS, SCOPE_LABELS } from '../standing';
import { type SanctionQuery, useSanctions } from './api';
import { FilterBar, FilterSelect, GameFilter } from './FilterBar';
import { useLiftDialog } from './LiftSanction';
import { Pager } from './Pager';
import { SanctionsTable } from './SanctionsTable';
import { useToast } from './Toast';

type Filter = Omit<SanctionQuery, 'page' | 'player'>;

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
      <FilterBar label="Filter the sanctions">
        <FilterSelect
          label="Status"
          every="Every status"
          values={SANCTION_STATUSES}
          words={SANCTION_STATUS_LABELS}
          value={filter.status}
          onChange={(status) => choose({ ...filter, status })}
        />
        <GameFilter value={filter.game} onChange={(game) => choose({ ...filter, game })} />
        <FilterSelect
          label="Applies to"
          every="Everything"
          values={SANCTION_SCOPES}
          words={SCOPE_LABELS}
          value={filter.scope}
          onChange={(scope) => choose({ ...filter, scope })}
        />
      </FilterBar>
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
