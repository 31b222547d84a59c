import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DELIVERY_STATUSES, type Delivery, GAME_LABELS, GAMES } from '@portal/contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { HiddenHeaderCell } from '../../shell/HiddenHeaderCell';
import { MorePages } from '../../shell/MorePages';
import { RowCard } from '../../shell/RowCard';
import { type DeliveryFilter, useDeliveries, useRetryDelivery } from './api';
import type { Outcome } from './GameCard';
import { attemptOutcome, DeliveryStatusChip, EVENT_LABELS, lastAttemptText } from './labels';

const ALL = '';

function RetryButton({ delivery, onOutcome }: { delivery: Delivery; onOutcome: (outcome: Outcome) => void }) {
  const retry = useRetryDelivery();
  if (delivery.status === 'delivered') return null;
  return (
    <Button
      size="small"
      disabled={retry.isPending}
      aria-label={`Retry delivery ${delivery.event_id}`}
      onClick={() => {
        onOutcome(null);
        retry.mutate(delivery.id, {
          onSuccess: (reply) => onOutcome(attemptOutcome(`Retry of ${delivery.event_id}:`, reply.delivery)),
          onError: (error) => onOutcome({ ok: false, text: errorMessage(error, 'The retry failed.') }),
        });
      }}
    >
      {retry.isPending ? 'Retrying…' : 'Retry'}
    </Button>
  );
}

const what = (d: Delivery) => `${GAME_LABELS[d.game]} · ${EVENT_LABELS[d.type]}`;

function DeliveryCards({
  deliveries,
  onOutcome,
}: {
  deliveries: Delivery[];
  onOutcome: (o: Outcome) => void;
}) {
  return (
    <Stack component="ul" aria-label="Deliveries" spacing={1.5} sx={{ p: 0, m: 0 }}>
      {deliveries.map((d) => (
        <RowCard
          key={d.id}
          testId={`delivery-${d.id}`}
          top={
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>{what(d)}</Typography>
              <DeliveryStatusChip status={d.status} />
            </Stack>
          }
          fields={
            <>
              <dt>Created</dt>
              <dd>{formatDateTime(d.created_at)}</dd>
              <dt>Order</dt>
              <dd>{d.order ?? '—'}</dd>
              <dt>Attempts</dt>
              <dd>{d.attempts}</dd>
              <dt>Last attempt</dt>
              <dd>
                {formatDateTime(d.last_attempt_at)} · {lastAttemptText(d)}
              </dd>
              {d.next_attempt_at && (
                <>
                  <dt>Next attempt</dt>
                  <dd>{formatDateTime(d.next_attempt_at)}</dd>
                </>
              )}
            </>
          }
          bottom={<RetryButton delivery={d} onOutcome={onOutcome} />}
        />
      ))}
    </Stack>
  );
}

function DeliveryTable({
  deliveries,
  onOutcome,
}: {
  deliveries: Delivery[];
  onOutcome: (o: Outcome) => void;
}) {
  return (
    <TableContainer tabIndex={0} aria-label="Deliveries, scrollable">
      <Table size="small" aria-label="Deliveries">
        <TableHead>
          <TableRow>
            <TableCell>Created</TableCell>
            <TableCell>Game</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>Order</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Attempts</TableCell>
            <TableCell>Last attempt</TableCell>
            <TableCell>Next attempt</TableCell>
            <HiddenHeaderCell>Actions</HiddenHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deliveries.map((d) => (
            <TableRow key={d.id} data-testid={`delivery-${d.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.created_at)}</TableCell>
              <TableCell>{GAME_LABELS[d.game]}</TableCell>
              <TableCell>{EVENT_LABELS[d.type]}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{d.order ?? '—'}</TableCell>
              <TableCell>
                <DeliveryStatusChip status={d.status} />
              </TableCell>
              <TableCell align="right">{d.attempts}</TableCell>
              <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                {d.last_attempt_at && (
                  <Typography
                    variant="body2"
                    component="span"
                    sx={{ display: 'block', whiteSpace: 'nowrap' }}
                  >
                    {formatDateTime(d.last_attempt_at)}
                  </Typography>
                )}
                {lastAttemptText(d)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.next_attempt_at)}</TableCell>
              <TableCell>
                <RetryButton delivery={d} onOutcome={onOutcome} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * Every webhook sent to the games, newest first: its attempts, the last answer and error, the next try, and
 * Retry for those not delivered; filtered by game and status, a page at a time.
 */
export function DeliveryLog({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const [filter, setFilter] = useState<DeliveryFilter>({});
  const deliveries = useDeliveries(filter);
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });

  return (
    <Box component="section" aria-labelledby="delivery-log-title">
      <Typography id="delivery-log-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Delivery log
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label="Game"
          value={filter.game ?? ALL}
          onChange={(event) =>
            setFilter({ ...filter, game: (event.target.value || undefined) as DeliveryFilter['game'] })
          }
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ALL}>All games</MenuItem>
          {GAMES.map((game) => (
            <MenuItem key={game} value={game}>
              {GAME_LABELS[game]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Status"
          value={filter.status ?? ALL}
          onChange={(event) =>
            setFilter({ ...filter, status: (event.target.value || undefined) as DeliveryFilter['status'] })
          }
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ALL}>All statuses</MenuItem>
          {DELIVERY_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status[0]!.toUpperCase() + status.slice(1)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <AsyncSection
        query={deliveries}
        what="the delivery log"
        empty={
          filter.game || filter.status ? 'No deliveries match.' : 'Nothing has been sent to the games yet.'
        }
        select={(data) => data.pages.flatMap((page) => page.deliveries)}
      >
        {(list) => (
          <>
            {narrow ? (
              <DeliveryCards deliveries={list} onOutcome={onOutcome} />
            ) : (
              <DeliveryTable deliveries={list} onOutcome={onOutcome} />
            )}
            <MorePages query={deliveries} failed="More deliveries could not be loaded." more="Show more" />
          </>
        )}
      </AsyncSection>
    </Box>
  );
}
