import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECENT_ADDITIONS_DAYS, type RevokeOthersReply, type SessionInfo } from '@portal/contract';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { AsyncSection } from '../../shell/AsyncSection';
import { type Confirmation, ConfirmDialog } from '../../shell/ConfirmDialog';
import { ListRow } from '../../shell/ListRow';
import { type Audience, useSessions, useSignOutOthers, useSignOutSession } from './api';

/**
 * After "sign out everywhere": how many ended, and the passkeys added lately, which keep signing in
 * (decision 0038); the Passkeys section below lists them, each with Remove.
 */
export function othersNotice(reply: RevokeOthersReply): string {
  const recent = reply.recent_passkeys;
  if (recent.length === 0) return reply.message;
  const names = recent.map((p) => `“${p.name}”`).join(', ');
  return `${reply.message} Passkeys added in the last ${RECENT_ADDITIONS_DAYS} days still sign in: ${names}. Remove any you do not recognise under Passkeys.`;
}

const FIRST_FACTORS: Record<string, string> = {
  password: 'a password',
  passkey: 'a passkey',
  google: 'Google',
  facebook: 'Facebook',
};

/** How a session's sign-in was proved, in words ("with a passkey"); empty when the session does not say. */
function signInMethodText(signedInWith: string | null | undefined): string {
  if (!signedInWith) return '';
  const [first = '', second] = signedInWith.split('+');
  const factor = FIRST_FACTORS[first];
  if (!factor) return '';
  return second === 'code' ? ` with ${factor} and a code` : ` with ${factor}`;
}

/** The device a session is shown as: the parsed label, else the raw user agent, else that nothing is known. */
export const deviceName = (item: { device: string | null; user_agent: string | null }) =>
  item.device ?? item.user_agent ?? 'Unknown device';

/**
 * "Where you're signed in": every live session with device, address and times, this one marked; "Sign out"
 * per session and "Sign out everywhere else", each after a confirmation. Signing this session out calls
 * `onSignedOut`, which ends the page's session.
 */
export function SessionsSection({ audience, onSignedOut }: { audience: Audience; onSignedOut: () => void }) {
  const sessions = useSessions(audience);
  const signOut = useSignOutSession(audience);
  const signOutOthers = useSignOutOthers(audience);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const failure = signOut.error ?? signOutOthers.error;
  // Signed out from another device meanwhile: this page's session is over too.
  const ended = [sessions.error, failure].some(
    (error) => error instanceof ApiError && error.code === 'UNAUTHENTICATED',
  );
  useEffect(() => {
    if (ended) onSignedOut();
  }, [ended, onSignedOut]);
  const busy = signOut.isPending || signOutOthers.isPending;

  const askSignOut = (session: SessionInfo) =>
    setConfirmation({
      title: session.current ? 'Sign out on this device?' : 'Sign out this session?',
      text: session.current
        ? 'You will be signed out here and taken to the sign-in page.'
        : `${deviceName(session)}${session.ip ? ` at ${session.ip}` : ''} will be signed out and has to sign in again.`,
      confirm: 'Sign out',
      onConfirm: () => {
        setNotice(null);
        signOut.mutate(session.id, {
          onSuccess: (reply) => (session.current ? onSignedOut() : setNotice(reply.message)),
        });
      },
    });

  const askSignOutOthers = () =>
    setConfirmation({
      title: 'Sign out everywhere else?',
      text: 'Every other browser, phone and launcher signed in to this account will have to sign in again. This device stays signed in.',
      confirm: 'Sign out everywhere else',
      onConfirm: () => {
        setNotice(null);
        signOutOthers.mutate(undefined, { onSuccess: (reply) => setNotice(othersNotice(reply)) });
      },
    });

  const list = sessions.data ?? [];
  return (
    <Card component="section" aria-labelledby="sessions-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography id="sessions-title" variant="h6" component="h2">
            Where you're signed in
          </Typography>
          {list.length > 1 && (
            <Button variant="outlined" color="error" disabled={busy} onClick={askSignOutOthers}>
              Sign out everywhere else
            </Button>
          )}
        </Stack>
        {notice && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(failure, 'The session could not be signed out. Please try again.')}
          </Alert>
        )}
        <AsyncSection query={sessions} what="your sessions" empty="No active sessions.">
          {(shown) => (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {shown.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  disabled={busy}
                  onSignOut={() => askSignOut(session)}
                />
              ))}
            </Stack>
          )}
        </AsyncSection>
      </CardContent>
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Card>
  );
}

function SessionRow({
  session,
  disabled,
  onSignOut,
}: {
  session: SessionInfo;
  disabled: boolean;
  onSignOut: () => void;
}) {
  return (
    <ListRow
      testId="session-row"
      highlighted={session.current}
      title={deviceName(session)}
      badge={session.current && <Chip size="small" color="primary" label="This device" />}
      details={
        <>
          IP {session.ip ?? 'unknown'} · Signed in{signInMethodText(session.signed_in_with)}{' '}
          {formatDateTime(session.created_at)} · Last seen {formatDateTime(session.last_seen_at)}
        </>
      }
      actions={
        <Button
          variant="text"
          color="error"
          disabled={disabled}
          onClick={onSignOut}
          aria-label={session.current ? 'Sign out on this device' : `Sign out ${deviceName(session)}`}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Sign out
        </Button>
      }
    />
  );
}
