import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SECURITY_EVENTS_SHOWN, type SecurityEvent } from '@portal/contract';
import { formatDateTime } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { type Audience, useSecurityEvents } from './api';
import { eventDetail, eventLabel } from './labels';
import { deviceName } from './SessionsSection';

/** "Recent activity": the newest sign-ins and account changes, with time, address and device. */
export function EventsSection({ audience }: { audience: Audience }) {
  const events = useSecurityEvents(audience);
  return (
    <Card component="section" aria-labelledby="events-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="events-title" variant="h6" component="h2">
          Recent activity
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The last {SECURITY_EVENTS_SHOWN} sign-ins and security changes of this account. Something you do not
          recognise? Change your password and sign out everywhere else.
        </Typography>
        <AsyncSection
          query={events}
          what="your recent activity"
          empty={
            <Typography color="text.secondary" data-testid="no-events">
              No activity recorded yet.
            </Typography>
          }
        >
          {(list) => <EventList events={list} />}
        </AsyncSection>
      </CardContent>
    </Card>
  );
}

function What({ event }: { event: SecurityEvent }) {
  const detail = eventDetail(event);
  return (
    <>
      {eventLabel(event.kind)}
      {detail && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {detail}
        </Typography>
      )}
    </>
  );
}

/** A table where there is room, one block per event on a phone. */
function EventList({ events }: { events: SecurityEvent[] }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (phone) {
    return (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {events.map((event) => (
          <Box
            component="li"
            key={event.id}
            data-testid="event-row"
            sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}
          >
            <Typography sx={{ fontWeight: 600 }}>
              <What event={event} />
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {formatDateTime(event.created_at)} · IP {event.ip ?? 'unknown'} · {deviceName(event)}
            </Typography>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Recent activity">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>What</TableCell>
            <TableCell>IP</TableCell>
            <TableCell>Device</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((event) => (
            <TableRow key={event.id} data-testid="event-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.created_at)}</TableCell>
              <TableCell>
                <What event={event} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{event.ip ?? '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{deviceName(event)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
