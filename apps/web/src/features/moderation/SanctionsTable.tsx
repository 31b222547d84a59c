import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { StaffSanction } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { adminPlayerPath } from '../../shell/links';
import {
  APPEAL_STATUS_LABELS,
  categoryLabel,
  endLabel,
  SANCTION_STATUS_LABELS,
  scopeCell,
} from '../standing';

const STATUS_COLORS = { active: 'error', lifted: 'success', expired: 'default' } as const;

/** Staff's text in a cell: its lines kept, long words broken, never read as markup. */
function Text({ children }: { children: string | null }) {
  if (!children) return <>—</>;
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: 'block' }}>
      {children}
    </Box>
  );
}

/**
 * Sanctions as staff read them: what, why, the player's and staff's notes, from when until when, the status
 * (who lifted it and why), who placed it; with the player's name where the table holds several players, and
 * Lift on those in force when `onLift` is given (a role with 'players.act').
 */
export function SanctionsTable({
  sanctions,
  label,
  showPlayer = false,
  onLift,
}: {
  sanctions: StaffSanction[];
  /** The table's name ("Sanctions in force"). */
  label: string;
  showPlayer?: boolean;
  onLift?: (sanction: StaffSanction) => void;
}) {
  return (
    <TableContainer tabIndex={0} aria-label={`${label}, scrollable`}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {showPlayer && <TableCell>Player</TableCell>}
            <TableCell>Applies to</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell sx={{ minWidth: 180 }}>Note for the player</TableCell>
            <TableCell sx={{ minWidth: 160 }}>Staff note</TableCell>
            <TableCell>Started</TableCell>
            <TableCell>Ends</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Placed by</TableCell>
            {onLift && <TableCell>Action</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {sanctions.map((sanction) => (
            <TableRow key={sanction.id} hover>
              {showPlayer && (
                <TableCell>
                  <Link component={RouterLink} to={adminPlayerPath(sanction.player)}>
                    {sanction.player_name}
                  </Link>
                </TableCell>
              )}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{scopeCell(sanction.scope, sanction.game)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{categoryLabel(sanction.category)}</TableCell>
              <TableCell>
                <Text>{sanction.note}</Text>
              </TableCell>
              <TableCell>
                <Text>{sanction.staff_note}</Text>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(sanction.starts_at)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{endLabel(sanction.expires_at)}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <Chip
                    size="small"
                    label={SANCTION_STATUS_LABELS[sanction.status]}
                    color={STATUS_COLORS[sanction.status]}
                  />
                  {sanction.status === 'lifted' && (
                    <Typography variant="caption" color="text.secondary" component="span">
                      {formatDateTime(sanction.lifted_at)}
                      {sanction.lifted_by ? ` by ${sanction.lifted_by}` : ''}
                      {sanction.lift_reason ? `: ${sanction.lift_reason}` : ''}
                    </Typography>
                  )}
                  {sanction.appeal && (
                    <Typography variant="caption" color="text.secondary" component="span">
                      {APPEAL_STATUS_LABELS[sanction.appeal.status]}
                    </Typography>
                  )}
                </Stack>
              </TableCell>
              <TableCell>{sanction.placed_by ?? '—'}</TableCell>
              {onLift && (
                <TableCell>
                  {sanction.status === 'active' && (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => onLift(sanction)}
                      aria-label={`Lift ${scopeCell(sanction.scope, sanction.game)} of ${sanction.player_name}`}
                    >
                      Lift
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
