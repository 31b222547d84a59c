import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GAME_LABELS, type OidcClient } from '@portal/contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { AsyncSection } from '../../shell/AsyncSection';
import { type Confirmation, ConfirmDialog } from '../../shell/ConfirmDialog';
import { type ShownOnce, ShownOnceDialog } from '../entitlements';
import { useClients, useDeleteClient, useRotateSecret, useUpdateClient } from './api';
import { GRANT_LABELS, RegisterAppDialog } from './RegisterAppDialog';

type Outcome = { ok: boolean; text: string } | null;

/**
 * /mlg/admin/apps (owners): the apps that sign players in with the portal (docs/oidc.md). Register one (its
 * secret, for a confidential app, shown once), rotate the secret, disable or enable it, delete it.
 */
export default function AppsPage() {
  const clients = useClients();
  const update = useUpdateClient();
  const rotate = useRotateSecret();
  const remove = useDeleteClient();
  const [registering, setRegistering] = useState(false);
  const [shown, setShown] = useState<ShownOnce | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const busy = update.isPending || rotate.isPending || remove.isPending;
  const failed = (fallback: string) => (error: unknown) =>
    setOutcome({ ok: false, text: errorMessage(error, fallback) });

  const created = (reply: { client_id: string; client_secret?: string }, name: string) => {
    setOutcome({ ok: true, text: `${name} is registered. Its client id is ${reply.client_id}.` });
    if (reply.client_secret)
      setShown({
        title: `${name}: client secret`,
        text: `The secret of ${reply.client_id}, for its server's client_secret_basic authentication.`,
        value: reply.client_secret,
      });
  };

  const askRotate = (app: OidcClient) =>
    setConfirmation({
      title: `New secret for ${app.name}?`,
      text: 'The current secret stops working at once; the app’s server needs the new one.',
      confirm: 'Rotate secret',
      onConfirm: () =>
        rotate.mutate(app.client_id, {
          onSuccess: (reply) =>
            reply.client_secret &&
            setShown({
              title: `${app.name}: new client secret`,
              text: `The new secret of ${app.client_id}.`,
              value: reply.client_secret,
            }),
          onError: failed('The secret could not be rotated.'),
        }),
    });

  const askDisable = (app: OidcClient) =>
    app.disabled
      ? update.mutate(
          { id: app.client_id, change: { disabled: false } },
          {
            onSuccess: () => setOutcome({ ok: true, text: `${app.name} is enabled.` }),
            onError: failed('The app could not be enabled.'),
          },
        )
      : setConfirmation({
          title: `Disable ${app.name}?`,
          text: 'Every player signed in through it is signed out and it cannot sign anyone in until enabled.',
          confirm: 'Disable',
          onConfirm: () =>
            update.mutate(
              { id: app.client_id, change: { disabled: true } },
              {
                onSuccess: () => setOutcome({ ok: true, text: `${app.name} is disabled.` }),
                onError: failed('The app could not be disabled.'),
              },
            ),
        });

  const askDelete = (app: OidcClient) =>
    setConfirmation({
      title: `Delete ${app.name}?`,
      text: 'The app, its players’ grants and tokens are removed for good.',
      confirm: 'Delete',
      onConfirm: () =>
        remove.mutate(app.client_id, {
          onSuccess: (reply) => setOutcome({ ok: true, text: reply.message }),
          onError: failed('The app could not be deleted.'),
        }),
    });

  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="apps-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography id="apps-title" variant="h6" component="h1">
          Apps
        </Typography>
        <Button variant="contained" onClick={() => setRegistering(true)}>
          Register an app
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Games, launchers, consoles and partner sites that sign players in with their portal account (OpenID
        Connect).
      </Typography>
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          role={outcome.ok ? 'status' : 'alert'}
          onClose={() => setOutcome(null)}
          sx={{ mb: 2 }}
        >
          {outcome.text}
        </Alert>
      )}
      <AsyncSection
        query={clients}
        what="the apps"
        empty="No apps are registered yet."
        select={(data) => data.clients}
      >
        {(apps) => (
          // The rule between apps is each item's border: a list may hold only list items (axe).
          <Stack
            component="ul"
            spacing={2}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              '& > li + li': { borderTop: 1, borderColor: 'divider', pt: 2 },
            }}
          >
            {apps.map((app) => (
              <Stack component="li" key={app.client_id} spacing={1} aria-label={app.name}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography component="h2" sx={{ fontWeight: 600 }}>
                    {app.name}
                  </Typography>
                  <Chip size="small" label={app.type === 'public' ? 'Public' : 'Confidential'} />
                  {app.first_party && <Chip size="small" color="success" label="First-party" />}
                  {app.disabled && <Chip size="small" color="error" label="Disabled" />}
                </Stack>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {app.client_id}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {app.grant_types.map((grant) => GRANT_LABELS[grant]).join(' · ')}
                  {app.game && ` · ${GAME_LABELS[app.game]}`}
                </Typography>
                {app.redirect_uris.length > 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                    Redirects: {app.redirect_uris.join(', ')}
                  </Typography>
                )}
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                  {app.type === 'confidential' && (
                    <Button size="small" variant="outlined" disabled={busy} onClick={() => askRotate(app)}>
                      Rotate secret
                    </Button>
                  )}
                  <Button size="small" variant="outlined" disabled={busy} onClick={() => askDisable(app)}>
                    {app.disabled ? 'Enable' : 'Disable'}
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    disabled={busy}
                    onClick={() => askDelete(app)}
                  >
                    Delete
                  </Button>
                </Stack>
              </Stack>
            ))}
          </Stack>
        )}
      </AsyncSection>
      <RegisterAppDialog open={registering} onClose={() => setRegistering(false)} onCreated={created} />
      <ShownOnceDialog shown={shown} onClose={() => setShown(null)} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Card>
  );
}
