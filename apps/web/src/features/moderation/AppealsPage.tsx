import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  APPEAL_STATUSES,
  type AppealList,
  type AppealStatus,
  appealDecisionBodySchema,
  GAME_LABELS,
} from '@portal/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { FormTextField } from '../../shell/FormTextField';
import { adminPlayerPath } from '../../shell/links';
import { useStaffAccess } from '../../shell/staff-access';
import { APPEAL_STATUS_LABELS, categoryLabel, endLabel, Fact, scopeCell, Written } from '../standing';
import { useAppeals, useDecideAppeal } from './api';
import { FilterBar, FilterSelect } from './FilterBar';
import { Pager } from './Pager';
import { ReportContext, ReporterName } from './ReportParts';
import { useToast } from './Toast';

type StaffAppeal = AppealList['appeals'][number];

const STATUS_FILTER_LABELS: Record<AppealStatus, string> = {
  open: 'Waiting for an answer',
  upheld: 'Upheld',
  lifted: 'Lifted',
};

/** The sanction appealed, as staff read it: beside the appeal. */
function SanctionFacts({ sanction }: { sanction: StaffAppeal['sanction'] }) {
  return (
    <Box component="section" aria-label="The sanction">
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
        <Fact label="Sanction">{`${scopeCell(sanction.scope, sanction.game)} · ${categoryLabel(sanction.category)}`}</Fact>
        <Fact label="From – to">{`${formatDateTime(sanction.starts_at)} – ${endLabel(sanction.expires_at)}`}</Fact>
        <Fact label="Note for the player">{sanction.note}</Fact>
        <Fact label="Staff note">{sanction.staff_note ?? '—'}</Fact>
        <Fact label="Placed by">{sanction.placed_by ?? '—'}</Fact>
      </Box>
    </Box>
  );
}

/** The reports the sanction answered, their reporters as the report queue shows them; none when staff placed it. */
function AnsweredReports({ reports }: { reports: StaffAppeal['reports'] }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Reports
      </Typography>
      {reports.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No reports: placed by staff
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {reports.map((report) => (
            <Box component="li" key={report.id}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {`${GAME_LABELS[report.game]} · ${categoryLabel(report.category)}`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(report.created_at)} by <ReporterName report={report} />
              </Typography>
              {report.message && <Written>{report.message}</Written>}
              <ReportContext context={report.context} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Uphold (the sanction stays) or lift, with the answer the player reads; either needs a recent proof. */
function DecisionForm({ appeal, onDecided }: { appeal: StaffAppeal; onDecided: (text: string) => void }) {
  const decide = useDecideAppeal();
  const form = useForm({
    resolver: zodResolver(appealDecisionBodySchema.pick({ message: true })),
    defaultValues: { message: '' },
  });
  const send = (decision: 'uphold' | 'lift') =>
    form.handleSubmit(({ message }) =>
      decide.mutate(
        { id: appeal.id, decision, message },
        {
          onSuccess: () =>
            onDecided(
              decision === 'lift'
                ? 'The appeal was granted: the sanction is lifted.'
                : 'The appeal was upheld.',
            ),
          onError: (error) => {
            if (showFieldErrors(error, form)) decide.reset();
          },
        },
      ),
    );
  return (
    <Stack
      component="form"
      spacing={1.5}
      noValidate
      onSubmit={send('uphold')}
      aria-label={`Answer ${appeal.sanction.player_name}`}
    >
      {decide.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(decide.error, 'The answer could not be sent. Please try again.')}
        </Alert>
      )}
      <FormTextField
        control={form.control}
        name="message"
        label="Answer to the player"
        hint="The player reads this on their account standing page and by email."
        multiline
        minRows={2}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="outlined" disabled={decide.isPending}>
          Uphold
        </Button>
        <Button variant="contained" color="success" disabled={decide.isPending} onClick={send('lift')}>
          Lift the sanction
        </Button>
      </Stack>
    </Stack>
  );
}

function AppealCard({
  appeal,
  acts,
  onDecided,
}: {
  appeal: StaffAppeal;
  acts: boolean;
  onDecided: (text: string) => void;
}) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              <Link component={RouterLink} to={adminPlayerPath(appeal.sanction.player)}>
                {appeal.sanction.player_name}
              </Link>
            </Typography>
            <Chip size="small" label={APPEAL_STATUS_LABELS[appeal.status]} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Appealed {formatDateTime(appeal.created_at)}
          </Typography>
          <Written>{appeal.message}</Written>
          {appeal.answer !== null && (
            <Box>
              <Typography variant="subtitle2" component="h3">
                Answer{appeal.decided_at ? ` (${formatDateTime(appeal.decided_at)})` : ''}
              </Typography>
              <Written>{appeal.answer}</Written>
            </Box>
          )}
          {acts && appeal.status === 'open' && <DecisionForm appeal={appeal} onDecided={onDecided} />}
        </Stack>
        <Stack spacing={3}>
          <SanctionFacts sanction={appeal.sanction} />
          <AnsweredReports reports={appeal.reports} />
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /mlg/admin/appeals: players' appeals of their sanctions, those waiting first and oldest first (as the
 * server orders them), each with the sanction and the reports it answered beside it. A role with 'players.act' answers: uphold with a
 * message, or lift the sanction.
 */
export default function AppealsPage() {
  const [status, setStatus] = useState<AppealStatus>('open');
  const [page, setPage] = useState(1);
  const appeals = useAppeals({ status, page });
  const acts = useStaffAccess().grants('players.act');
  const [toast, say] = useToast();

  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="appeals-title">
      <Typography id="appeals-title" variant="h6" component="h1" sx={{ mb: 1 }}>
        Appeals
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Players' appeals of their sanctions, oldest first.
      </Typography>
      <FilterBar label="Filter the appeals">
        <FilterSelect
          label="Appeals"
          values={APPEAL_STATUSES}
          words={STATUS_FILTER_LABELS}
          value={status}
          onChange={(chosen) => {
            setStatus(chosen ?? 'open');
            setPage(1);
          }}
          minWidth={220}
        />
      </FilterBar>
      <Box sx={{ height: 4 }}>{appeals.isFetching && <LinearProgress aria-label="Loading appeals" />}</Box>
      <AsyncSection
        query={appeals}
        what="the appeals"
        select={(data) => data.appeals}
        empty={status === 'open' ? 'No appeal is waiting for an answer.' : 'No appeals here.'}
      >
        {(list) => (
          <Stack spacing={2}>
            {list.map((appeal) => (
              <AppealCard key={appeal.id} appeal={appeal} acts={acts} onDecided={say} />
            ))}
          </Stack>
        )}
      </AsyncSection>
      <Pager
        page={page}
        hasMore={appeals.data?.has_more ?? false}
        busy={appeals.isPlaceholderData}
        onPage={setPage}
      />
      {toast}
    </Card>
  );
}
