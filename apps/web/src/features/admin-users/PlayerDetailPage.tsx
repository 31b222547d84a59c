import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
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
import { auditActionLabel, formatPrice, gameName, type PlayerDetail } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { generatePath, Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { PAGES } from '../../shell/pages';
import { RowCard } from '../../shell/RowCard';
import { useStaffAccess } from '../../shell/staff-access';
import { OrderFulfilmentDialog } from '../entitlements';
import { PlayerStandingSection } from '../moderation';
import { DisputeNotes } from '../orders';
import { eventDetail, eventLabel } from '../security';
import { AccountStatusCell } from './AccountStatusCell';
import { adminUsersApi, type PlayerAction } from './api';
import { ErasePlayer } from './ErasePlayer';
import { TurnOffTwoStep } from './TurnOffTwoStep';

const ACTIONS: Record<PlayerAction, { label: string; title: string; text: string }> = {
  'resend-verification': {
    label: 'Resend verification email',
    title: 'Send a new verification email?',
    text: 'The player gets a new link to verify their email address.',
  },
  'password-reset': {
    label: 'Send password reset',
    title: 'Send a password-reset email?',
    text: 'The player gets a link to choose a new password. You never see or set it.',
  },
  'sessions/revoke': {
    label: 'Sign out everywhere',
    title: 'Sign this player out everywhere?',
    text: 'Every device the player is signed in on is signed out at once; they can sign in again.',
  },
};

/** The order's status, with what finance should know: a refund due, fraud, the card holder's dispute. */
function orderStatusText(order: PlayerDetail['orders'][number]): string {
  const notes = [
    order.refund_due && 'Refund due',
    order.fraud && 'Fraud',
    order.dispute && `Disputed: ${order.dispute.status}`,
  ].filter(Boolean);
  return [order.status, ...notes].join(' · ');
}

/** A titled card holding one part of the picture, with a table when it has rows. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Rows<T>({
  rows,
  empty,
  head,
  row,
}: {
  rows: T[];
  empty: string;
  head: string[];
  row: (item: T) => ReactNode[];
}) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  // Below 900 px one card per row, each value under its column's name, so a phone never scrolls sideways
  // and dates and ids are not cut (as Sales Orders does).
  if (narrow)
    return (
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {rows.map((item, i) => (
          <RowCard
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in server order
            key={i}
            fields={row(item).map((cell, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <Fragment key={j}>
                <dt>{head[j]}</dt>
                <dd>{cell}</dd>
              </Fragment>
            ))}
          />
        ))}
      </Stack>
    );
  return (
    <TableContainer tabIndex={0} aria-label="Scrollable table">
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows in server order
            <TableRow key={i}>
              {row(item).map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <TableCell key={j}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

function Profile({ detail }: { detail: PlayerDetail }) {
  const { user, addresses } = detail;
  const place = addresses
    .map((a) => [a.city, a.province, a.country].filter(Boolean).join(', '))
    .filter(Boolean);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
      }}
    >
      <Fact label="Email">{user.email}</Fact>
      <Fact label="Email verified">{formatDateTime(user.email_verified_at, 'Not yet')}</Fact>
      <Fact label="Two-step verification">{user.two_step ? 'On' : 'Off'}</Fact>
      <Fact label="Phone">{user.phone_number ?? '—'}</Fact>
      <Fact label="Gender">{user.gender ?? '—'}</Fact>
      <Fact label="Birthdate">{user.birthdate ?? '—'}</Fact>
      <Fact label="Address">{place.join(' · ') || '—'}</Fact>
      <Fact label="Joined">{formatDateTime(user.created_at)}</Fact>
      <Fact label="Referral code">{user.referral_code ?? '—'}</Fact>
    </Box>
  );
}

/**
 * /mlg/admin/users/{id}: everything support needs to answer a player's ticket on one page, and the actions
 * a ticket needs, each behind a confirmation, answered with a toast (and written to the audit trail).
 */
export default function PlayerDetailPage() {
  const { id = '' } = useParams();
  const client = useQueryClient();
  const staff = useStaffAccess();
  const key = ['admin-users', 'detail', id];
  const detail = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminUsersApi.detail(id, signal),
    retry: false,
  });
  const [confirming, setConfirming] = useState<PlayerAction | null>(null);
  const [toast, setToast] = useState<{ ok: boolean; text: string } | null>(null);
  const [orderShown, setOrderShown] = useState<PlayerDetail['orders'][number] | null>(null);
  const act = useMutation({
    mutationFn: (action: PlayerAction) => adminUsersApi.act(id, action),
    onSuccess: (reply) => setToast({ ok: true, text: reply.message }),
    onError: (error) =>
      setToast({ ok: false, text: errorMessage(error, 'That did not work. Please try again.') }),
    onSettled: () => {
      setConfirming(null);
      return client.invalidateQueries({ queryKey: key });
    },
  });

  if (detail.isPending) return <CenteredSpinner label="Loading the player" />;
  if (detail.isError)
    return (
      <Alert severity="error" role="alert">
        {errorMessage(detail.error, 'The player could not be loaded.')}
      </Alert>
    );
  const d = detail.data;
  // An erased player has nothing left to act on.
  const offered = d.user.erased_at
    ? []
    : (Object.keys(ACTIONS) as PlayerAction[]).filter(
        (action) => action !== 'resend-verification' || !d.user.email_verified_at,
      );

  return (
    <Stack spacing={3}>
      <Card component="section" aria-labelledby="player-title">
        <CardContent>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', mb: 2 }}
          >
            <Box>
              <Link component={RouterLink} to={PAGES.allUsers.path} variant="body2">
                All Users
              </Link>
              <Typography id="player-title" variant="h5" component="h1">
                {d.user.name}
              </Typography>
            </Box>
            {staff.may('players.act') ? (
              <Stack
                direction="row"
                spacing={1}
                sx={{ flexWrap: 'wrap', alignItems: 'flex-start', rowGap: 1 }}
              >
                {offered.map((action) => (
                  <Button key={action} variant="outlined" size="small" onClick={() => setConfirming(action)}>
                    {ACTIONS[action].label}
                  </Button>
                ))}
                {/* Support sees erasure only on the player's request; an owner also without one, with a reason. */}
                {!d.user.erased_at && (d.user.pending_deletion || staff.role === 'owner') && (
                  <ErasePlayer
                    userId={d.user.id}
                    requested={d.user.pending_deletion !== null}
                    onDone={(outcome) => {
                      setToast(outcome);
                      void client.invalidateQueries({ queryKey: key });
                    }}
                  />
                )}
                {d.user.two_step && !d.user.erased_at && (
                  <TurnOffTwoStep
                    userId={d.user.id}
                    email={d.user.email}
                    onDone={(outcome) => {
                      setToast(outcome);
                      void client.invalidateQueries({ queryKey: key });
                    }}
                  />
                )}
                <AccountStatusCell row={d.user} />
              </Stack>
            ) : (
              <Typography color="text.secondary">
                {d.user.account_status === 'active' ? 'Active' : 'Suspended'}
              </Typography>
            )}
          </Stack>
          {d.user.pending_deletion && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              The player asked to delete their account on{' '}
              {formatDateTime(d.user.pending_deletion.requested_at)}. Their personal data is erased on{' '}
              {formatDateTime(d.user.pending_deletion.erasure_due)} unless they sign in first.
            </Alert>
          )}
          {d.user.erased_at && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Personal data erased on {formatDateTime(d.user.erased_at)}. Orders are kept, anonymised.
            </Alert>
          )}
          <Profile detail={d} />
        </CardContent>
      </Card>

      {/* Sanctions in force and past ones; staff who act place and lift them here (issue #37). */}
      <PlayerStandingSection
        player={{ id: d.user.id, name: d.user.name }}
        erased={Boolean(d.user.erased_at)}
      />

      <Section title="Games">
        <Rows
          rows={d.games}
          empty="Not registered for any game."
          head={['Game', 'Nickname', 'Level', 'Last session', 'Registered', 'Referral code used']}
          row={(g) => [
            gameName(g.game),
            g.nickname ?? '—',
            g.level,
            formatDateTime(g.last_session),
            formatDateTime(g.registered_at),
            g.referral_code ?? '—',
          ]}
        />
      </Section>

      <Section title={`Referrals (${d.referrals.total})`}>
        <Rows
          rows={d.referrals.latest}
          empty="No one has registered with this player's referral code."
          head={['Player', 'Game', 'Registered']}
          row={(r) => [
            <Link key="name" component={RouterLink} to={generatePath(PAGES.player.path, { id: r.user_id })}>
              {r.name}
            </Link>,
            gameName(r.game),
            formatDateTime(r.at),
          ]}
        />
      </Section>

      <Section title="Orders">
        <Rows
          rows={d.orders}
          empty="No orders."
          head={['Date', 'Order', 'Shop', 'Items', 'Amount', 'Status']}
          row={(o) => [
            formatDateTime(o.created_at),
            <Box key="id" component="span" sx={{ fontFamily: 'monospace' }}>
              {o.txnid}
              {staff.may('players.read') && (
                <Button
                  size="small"
                  onClick={() => setOrderShown(o)}
                  aria-label={`Details of order ${o.txnid}`}
                  sx={{ ml: 1 }}
                >
                  Details
                </Button>
              )}
            </Box>,
            gameName(o.game),
            o.items,
            formatPrice(o.amount, o.currency),
            orderStatusText(o),
          ]}
        />
      </Section>

      <Section title="Active sessions">
        <Rows
          rows={d.sessions}
          empty="Not signed in anywhere."
          head={['Device', 'IP', 'Signed in', 'Last seen']}
          row={(s) => [
            s.device ?? 'Unknown device',
            s.ip ?? '—',
            formatDateTime(s.created_at),
            formatDateTime(s.last_seen_at),
          ]}
        />
      </Section>

      <Section title="Sign-in history">
        <Rows
          rows={d.events}
          empty="No sign-ins recorded."
          head={['When', 'What', 'IP', 'Device']}
          row={(e) => [
            formatDateTime(e.created_at),
            [eventLabel(e.kind), eventDetail(e)].filter(Boolean).join(': '),
            e.ip ?? '—',
            e.device ?? '—',
          ]}
        />
      </Section>

      <Section title="Staff actions">
        <Rows
          rows={d.audit}
          empty="No staff action on this player yet."
          head={['When', 'Staff member', 'Action', 'IP']}
          row={(a) => [
            formatDateTime(a.created_at),
            a.actor_name ?? a.actor_label ?? (a.actor_kind === 'system' ? 'System' : '—'),
            auditActionLabel(a.action),
            a.ip ?? '—',
          ]}
        />
      </Section>

      <ConfirmDialog
        confirmation={
          confirming && {
            title: ACTIONS[confirming].title,
            text: `${ACTIONS[confirming].text} (${d.user.email})`,
            confirm: ACTIONS[confirming].label,
            color: 'primary',
            onConfirm: () => act.mutate(confirming),
          }
        }
        onClose={() => setConfirming(null)}
        action={{ pending: act.isPending, pendingLabel: 'Working…' }}
      />
      <OrderFulfilmentDialog txnid={orderShown?.txnid ?? null} onClose={() => setOrderShown(null)}>
        {orderShown && <DisputeNotes order={orderShown} />}
      </OrderFulfilmentDialog>
      <Snackbar open={toast !== null} autoHideDuration={6000} onClose={() => setToast(null)}>
        <Alert severity={toast?.ok ? 'success' : 'error'} onClose={() => setToast(null)} variant="filled">
          {toast?.text}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
