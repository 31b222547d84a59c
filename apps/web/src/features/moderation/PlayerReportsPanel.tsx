import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { GAME_LABELS, type PlayerReports, type ReportedPlayer } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { adminPlayerPath } from '../../shell/links';
import { useStaffAccess } from '../../shell/staff-access';
import { categoryLabel } from '../standing';
import { usePlayerReports, useResolveReports } from './api';
import { PlaceSanctionDialog, type SanctionDraft } from './PlaceSanctionDialog';
import { ReasonDialog } from './ReasonDialog';
import { ReportContext, ReporterName } from './ReportParts';

type OpenReport = PlayerReports['reports'][number];

const reportsWord = (count: number) => `${count} ${count === 1 ? 'report' : 'reports'}`;

/** The value found most often (the first of equals in their order), or undefined for none. */
function mostFrequent<T>(values: T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: T | undefined;
  for (const [value, count] of counts)
    if (best === undefined || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

/** What staff start a sanction from: the chosen reports' most frequent reason and game, and their ids. */
function draftFrom(reports: OpenReport[]): SanctionDraft {
  return {
    category: mostFrequent(reports.map((report) => report.category)),
    game: mostFrequent(reports.map((report) => report.game)),
    report_ids: reports.map((report) => report.id),
  };
}

/** The reporter, with their record: how many of their reports were dismissed; a flooding reporter stands out. */
function Reporter({ report }: { report: OpenReport }) {
  const record = report.reporter_record;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <ReporterName report={report} />
      {record && (
        <Typography variant="caption" color="text.secondary" component="span">
          {record.reports} {record.reports === 1 ? 'report' : 'reports'}, {record.dismissed} dismissed
        </Typography>
      )}
      {record?.flooding && (
        <Chip
          size="small"
          color="warning"
          label="Flooding"
          title="Most of this reporter's reports were dismissed: weigh this one accordingly."
        />
      )}
    </Stack>
  );
}

/**
 * One reported player's open reports with each reporter's record (a flooding reporter is marked), all chosen
 * at first; for a role with 'players.act', the chosen ones are dismissed with a reason, marked reviewed, or
 * answered with a sanction (the dialog opens with their most frequent reason and game, and their ids).
 */
export function PlayerReportsPanel({
  player,
  onDone,
}: {
  player: ReportedPlayer;
  onDone: (text: string) => void;
}) {
  const reports = usePlayerReports(player.player);
  const resolve = useResolveReports();
  const acts = useStaffAccess().grants('players.act');
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [dismissing, setDismissing] = useState(false);
  const [draft, setDraft] = useState<SanctionDraft | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const all = reports.data?.reports ?? [];
  const selected = all.filter((report) => (chosen ? chosen.has(report.id) : true));
  const toggle = (id: string) => {
    const next = new Set(chosen ?? all.map((report) => report.id));
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const ids = selected.map((report) => report.id);
  // Handled, the reports leave the list: whatever arrives next starts chosen.
  const finished = (text: string) => {
    setChosen(null);
    onDone(text);
  };
  const count = reportsWord(ids.length);

  return (
    <Card variant="outlined" component="section" aria-labelledby="player-reports-title">
      <CardContent>
        <Typography
          id="player-reports-title"
          ref={heading}
          tabIndex={-1}
          variant="h6"
          component="h2"
          sx={{ mb: 1, outline: 'none' }}
        >
          Reports about {player.player_name}
        </Typography>
        <Link component={RouterLink} to={adminPlayerPath(player.player)} variant="body2">
          Open the player's page
        </Link>
        <Box sx={{ mt: 2 }}>
          <AsyncSection
            query={reports}
            what="the reports"
            select={(data) => data.reports}
            empty="No open reports about this player."
          >
            {(list) => (
              <TableContainer tabIndex={0} aria-label="Open reports, scrollable">
                <Table size="small" aria-label="Open reports">
                  <TableHead>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected.length === list.length}
                          indeterminate={selected.length > 0 && selected.length < list.length}
                          onChange={() =>
                            setChosen(new Set(selected.length === list.length ? [] : list.map((r) => r.id)))
                          }
                          slotProps={{ input: { 'aria-label': 'Choose every report' } }}
                        />
                      </TableCell>
                      <TableCell>When</TableCell>
                      <TableCell>Game</TableCell>
                      <TableCell>Reason</TableCell>
                      <TableCell>Reporter</TableCell>
                      <TableCell sx={{ minWidth: 220 }}>Message</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {list.map((report) => (
                      <TableRow key={report.id} hover selected={ids.includes(report.id)}>
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={ids.includes(report.id)}
                            onChange={() => toggle(report.id)}
                            slotProps={{
                              input: {
                                'aria-label': `Choose the report of ${formatDateTime(report.created_at)} (${categoryLabel(report.category)})`,
                              },
                            }}
                          />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(report.created_at)}
                        </TableCell>
                        <TableCell>{GAME_LABELS[report.game]}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{categoryLabel(report.category)}</TableCell>
                        <TableCell>
                          <Reporter report={report} />
                        </TableCell>
                        <TableCell>
                          <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                            {report.message ?? '—'}
                          </Box>
                          <ReportContext context={report.context} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </AsyncSection>
        </Box>
        {resolve.isError && !dismissing && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(resolve.error, 'The reports could not be updated. Please try again.')}
          </Alert>
        )}
        {acts && all.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
              {count} chosen
            </Typography>
            <Button variant="outlined" disabled={ids.length === 0} onClick={() => setDismissing(true)}>
              Dismiss
            </Button>
            <Button
              variant="outlined"
              disabled={ids.length === 0 || resolve.isPending}
              onClick={() =>
                resolve.mutate(
                  { report_ids: ids, action: 'review' },
                  { onSuccess: ({ resolved }) => finished(`${reportsWord(resolved)} marked reviewed.`) },
                )
              }
            >
              Mark reviewed
            </Button>
            <Button
              variant="contained"
              color="error"
              disabled={ids.length === 0}
              onClick={() => setDraft(draftFrom(selected))}
            >
              Sanction
            </Button>
          </Stack>
        )}
      </CardContent>
      {dismissing && (
        <ReasonDialog
          title={`Dismiss ${count}?`}
          text="Dismissed reports count against their reporters' record. The reason is kept."
          confirm="Dismiss"
          label="Why dismiss them?"
          send={(reason) => resolve.mutateAsync({ report_ids: ids, action: 'dismiss', reason })}
          onClose={() => setDismissing(false)}
          onDone={({ resolved }) => {
            setDismissing(false);
            finished(`${reportsWord(resolved)} dismissed.`);
          }}
        />
      )}
      <PlaceSanctionDialog
        player={{ id: player.player, name: player.player_name }}
        draft={draft}
        onClose={() => setDraft(null)}
        onPlaced={() => {
          setDraft(null);
          finished(`The sanction was placed; it answers ${count}.`);
        }}
      />
    </Card>
  );
}
