import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  GAME_LABELS,
  type GameServerKey,
  type GameSettings,
  gameKeyBodySchema,
  gameWebhookBodySchema,
} from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import type { Confirmation } from '../../shell/ConfirmDialog';
import { FormTextField } from '../../shell/FormTextField';
import { useCreateKey, useRevokeKey, useRotateSecret, useSaveWebhook, useTestPing } from './api';
import { attemptOutcome } from './labels';
import type { ShownOnce } from './ShownOnceDialog';

export type Outcome = { ok: boolean; text: string } | null;

/** What a game's card hands back to the page: a message, a secret to show once, a question to ask first. */
export interface GameCardEvents {
  onOutcome: (outcome: Outcome) => void;
  onShowOnce: (shown: ShownOnce) => void;
  onConfirm: (confirmation: Confirmation) => void;
}

const SIGNATURE_NOTE =
  'Each event is signed: the Portal-Signature header carries t=<time>,v1=<HMAC-SHA256 of "t.body" with this secret>.';

function WebhookForm({
  settings,
  onOutcome,
  onShowOnce,
  onConfirm,
}: { settings: GameSettings } & GameCardEvents) {
  const { game, webhook } = settings;
  const label = GAME_LABELS[game];
  const save = useSaveWebhook();
  const rotate = useRotateSecret();
  const ping = useTestPing();
  const form = useForm({
    resolver: zodResolver(gameWebhookBodySchema),
    defaultValues: { url: webhook?.url ?? '', active: webhook?.active ?? true },
  });

  const submit = form.handleSubmit((body) => {
    onOutcome(null);
    save.mutate(
      { game, body },
      {
        onSuccess: (reply) => {
          form.reset({
            url: reply.game.webhook?.url ?? body.url,
            active: reply.game.webhook?.active ?? body.active,
          });
          onOutcome({ ok: true, text: `${label}: the webhook is saved.` });
          if (reply.secret)
            onShowOnce({
              title: `Signing secret for ${label}`,
              text: `${label}'s server checks every webhook with this secret. ${SIGNATURE_NOTE}`,
              value: reply.secret,
            });
        },
        onError: (error) => {
          if (!showFieldErrors(error, form))
            onOutcome({ ok: false, text: errorMessage(error, 'The webhook could not be saved.') });
        },
      },
    );
  });

  const rotateSecret = () =>
    onConfirm({
      title: `Make a new signing secret for ${label}?`,
      text: `The current secret stops working at once: ${label}'s server must switch to the new one.`,
      confirm: 'Rotate secret',
      onConfirm: () => {
        onOutcome(null);
        rotate.mutate(game, {
          onSuccess: (reply) =>
            onShowOnce({
              title: `New signing secret for ${label}`,
              text: `${label}'s server checks every webhook with this secret from now on. ${SIGNATURE_NOTE}`,
              value: reply.secret,
            }),
          onError: (error) =>
            onOutcome({ ok: false, text: errorMessage(error, 'The secret could not be rotated.') }),
        });
      },
    });

  const sendPing = () => {
    onOutcome(null);
    ping.mutate(game, {
      onSuccess: (reply) => onOutcome(attemptOutcome(`${label}: test ping`, reply.delivery)),
      onError: (error) =>
        onOutcome({ ok: false, text: errorMessage(error, 'The test ping could not be sent.') }),
    });
  };

  return (
    <Stack spacing={1.5}>
      <Stack
        component="form"
        aria-label={`Webhook of ${label}`}
        onSubmit={submit}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' } }}
        noValidate
      >
        <FormTextField
          control={form.control}
          name="url"
          label="Webhook URL"
          type="url"
          size="small"
          hint="The game's server receives signed events here."
          sx={{ flex: 1, minWidth: 0 }}
          required
        />
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              label="Active"
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                />
              }
            />
          )}
        />
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save webhook'}
        </Button>
      </Stack>
      {webhook && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            Signing secret made {formatDateTime(webhook.secret_created_at)}
          </Typography>
          <Button size="small" variant="outlined" onClick={sendPing} disabled={ping.isPending}>
            {ping.isPending ? 'Sending…' : 'Send test ping'}
          </Button>
          <Button size="small" color="warning" onClick={rotateSecret} disabled={rotate.isPending}>
            Rotate secret
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function KeyForm({ settings, onOutcome, onShowOnce }: { settings: GameSettings } & GameCardEvents) {
  const { game } = settings;
  const label = GAME_LABELS[game];
  const create = useCreateKey();
  const form = useForm({ resolver: zodResolver(gameKeyBodySchema), defaultValues: { name: '' } });
  const submit = form.handleSubmit(({ name }) => {
    onOutcome(null);
    create.mutate(
      { game, name },
      {
        onSuccess: (reply) => {
          form.reset();
          onOutcome({ ok: true, text: `${label}: the key "${reply.server_key.name}" is made.` });
          onShowOnce({
            title: `New server key for ${label}`,
            text: `${label}'s servers send it as "Authorization: Bearer <key>" to the game-server API (/api/game/entitlements) and to event ingestion.`,
            value: reply.key,
          });
        },
        onError: (error) => {
          if (!showFieldErrors(error, form))
            onOutcome({ ok: false, text: errorMessage(error, 'The key could not be made.') });
        },
      },
    );
  });
  return (
    <Stack
      component="form"
      aria-label={`New server key for ${label}`}
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' } }}
      noValidate
    >
      <FormTextField
        control={form.control}
        name="name"
        label="Key name"
        size="small"
        hint='Say where it is used, e.g. "EU game servers".'
        sx={{ minWidth: { sm: 280 } }}
        required
      />
      <Button type="submit" variant="outlined" disabled={create.isPending}>
        {create.isPending ? 'Making…' : 'Create key'}
      </Button>
    </Stack>
  );
}

function KeyItem({
  settings,
  serverKey,
  onOutcome,
  onConfirm,
}: { settings: GameSettings; serverKey: GameServerKey } & GameCardEvents) {
  const revoke = useRevokeKey();
  const label = GAME_LABELS[settings.game];
  const ask = () =>
    onConfirm({
      title: `Revoke the key "${serverKey.name}"?`,
      text: `${label}'s servers using it are refused at once. This cannot be undone.`,
      confirm: 'Revoke',
      onConfirm: () => {
        onOutcome(null);
        revoke.mutate(
          { game: settings.game, id: serverKey.id },
          {
            onSuccess: () =>
              onOutcome({ ok: true, text: `${label}: the key "${serverKey.name}" is revoked.` }),
            onError: (error) =>
              onOutcome({ ok: false, text: errorMessage(error, 'The key could not be revoked.') }),
          },
        );
      },
    });
  return (
    <Box
      component="li"
      data-testid={`key-${serverKey.id}`}
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        justifyContent: 'space-between',
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {serverKey.name}
        </Typography>{' '}
        <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace' }}>
          {serverKey.prefix}…
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Made {formatDateTime(serverKey.created_at)} · Last used{' '}
          {formatDateTime(serverKey.last_used_at, 'never')}
        </Typography>
      </Box>
      {serverKey.revoked_at ? (
        <Chip size="small" variant="outlined" label={`Revoked ${formatDateTime(serverKey.revoked_at)}`} />
      ) : (
        <Button
          size="small"
          color="error"
          onClick={ask}
          disabled={revoke.isPending}
          aria-label={`Revoke the key ${serverKey.name}`}
        >
          Revoke
        </Button>
      )}
    </Box>
  );
}

/** One game: its webhook (URL, on or off, secret, test ping) and its server keys. */
export function GameCard({ settings, ...events }: { settings: GameSettings } & GameCardEvents) {
  const { game, keys, deliveries } = settings;
  const label = GAME_LABELS[game];
  return (
    <Box
      component="section"
      aria-labelledby={`game-${game}-title`}
      data-testid={`game-${game}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 2, md: 3 } }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Typography id={`game-${game}-title`} variant="h6" component="h2" sx={{ mr: 1 }}>
          {label}
        </Typography>
        {!settings.webhook && <Chip size="small" variant="outlined" label="No webhook" />}
        {settings.webhook && !settings.webhook.active && (
          <Chip size="small" variant="outlined" color="warning" label="Webhook off" />
        )}
        {deliveries.pending > 0 && (
          <Chip size="small" color="warning" label={`${deliveries.pending} pending`} />
        )}
        {deliveries.failed > 0 && <Chip size="small" color="error" label={`${deliveries.failed} failed`} />}
      </Stack>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Webhook
      </Typography>
      <WebhookForm settings={settings} {...events} />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
        Server keys
      </Typography>
      <KeyForm settings={settings} {...events} />
      {keys.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          No server keys yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Server keys of ${label}`} sx={{ p: 0, m: 0, mt: 1.5 }}>
          {keys.map((serverKey) => (
            <KeyItem key={serverKey.id} settings={settings} serverKey={serverKey} {...events} />
          ))}
        </Box>
      )}
    </Box>
  );
}
