import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  GAME_LABELS,
  REPORT_CATEGORIES,
  type ReportCategory,
  type ReportedPlayer,
  SANCTION_CATEGORY_LABELS,
} from '@portal/contract';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { categoryLabel, scopeCell } from '../standing';
import { type ReportQueueQuery, useReportQueue } from './api';
import { FilterBar, FilterSelect, GameFilter } from './FilterBar';
import { Pager } from './Pager';
import { PlayerReportsPanel } from './PlayerReportsPanel';
import { useToast } from './Toast';

/** The reports' reasons, most frequent first: "Cheating 4". */
function Categories({ counts }: { counts: ReportedPlayer['by_category'] }) {
  const entries = (Object.entries(counts) as [ReportCategory, number][]).sort((a, b) => b[1] - a[1]);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {entries.map(([category, count]) => (
        <Chip key={category} size="small" variant="outlined" label={`${categoryLabel(category)} ${count}`} />
      ))}
    </Stack>
  );
}

/**
 * /mlg/admin/reports: the players others reported, most open reports first (their reasons, games, the newest
 * report, sanctions already in force), filtered by game and reason. Reviewing one opens their reports below
 * with each reporter's record; from there staff dismiss, mark reviewed or sanction.
 */
export default function ReportsPage() {
  const [filter, setFilter] = useState<Omit<ReportQueueQuery, 'page'>>({});
  const [page, setPage] = useState(1);
  const queue = useReportQueue({ ...filter, page });
  const [reviewing, setReviewing] = useState<ReportedPlayer | null>(null);
  const [toast, say] = useToast();
  const choose = (next: typeof filter) => {
    setFilter(next);
    setPage(1);
    setReviewing(null);
  };

  return (
    <Stack spacing={3}>
      <Card sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="reports-title">
        <Typography id="reports-title" variant="h6" component="h1" sx={{ mb: 1 }}>
          Reports
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Players reported by the games and by other players, most open reports first.
        </Typography>
        <FilterBar label="Filter the reports">
          <GameFilter value={filter.game} onChange={(game) => choose({ ...filter, game })} />
          <FilterSelect
            label="Reason"
            every="Every reason"
            values={REPORT_CATEGORIES}
            words={SANCTION_CATEGORY_LABELS}
            value={filter.category}
            onChange={(category) => choose({ ...filter, category })}
            minWidth={200}
          />
        </FilterBar>
        <Box sx={{ height: 4 }}>{queue.isFetching && <LinearProgress aria-label="Loading reports" />}</Box>
        <AsyncSection
          query={queue}
          what="the reports"
          rows={5}
          select={(data) => data.players}
          empty="No open reports match this filter."
        >
          {(players) => (
            <TableContainer tabIndex={0} aria-label="Reported players, scrollable">
              <Table size="small" aria-label="Reported players">
                <TableHead>
                  <TableRow>
                    <TableCell>Player</TableCell>
                    <TableCell align="right">Open reports</TableCell>
                    <TableCell sx={{ minWidth: 200 }}>Reasons</TableCell>
                    <TableCell>Games</TableCell>
                    <TableCell>Newest</TableCell>
                    <TableCell>In force</TableCell>
                    <TableCell>Review</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {players.map((row) => {
                    const open = reviewing?.player === row.player;
                    return (
                      <TableRow key={row.player} hover selected={open}>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.player_name}</TableCell>
                        <TableCell align="right">{row.open_reports}</TableCell>
                        <TableCell>
                          <Categories counts={row.by_category} />
                        </TableCell>
                        <TableCell>{row.games.map((game) => GAME_LABELS[game]).join(', ')}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(row.newest_report_at)}
                        </TableCell>
                        <TableCell>
                          {row.active_sanctions.length === 0
                            ? '—'
                            : row.active_sanctions.map((s) => scopeCell(s.scope, s.game)).join(', ')}
                        </TableCell>
                        <TableCell>
                          <Button
                            size="small"
                            variant={open ? 'contained' : 'outlined'}
                            aria-pressed={open}
                            aria-label={`Review the reports about ${row.player_name}`}
                            onClick={() => setReviewing(open ? null : row)}
                          >
                            Review
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </AsyncSection>
        <Pager
          page={page}
          hasMore={queue.data?.has_more ?? false}
          busy={queue.isPlaceholderData}
          onPage={(next) => {
            setPage(next);
            setReviewing(null);
          }}
        />
      </Card>
      {reviewing && <PlayerReportsPanel key={reviewing.player} player={reviewing} onDone={say} />}
      {toast}
    </Stack>
  );
}
