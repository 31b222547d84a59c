import { zodResolver } from '@hookform/resolvers/zod';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  GAME_LABELS,
  GAMES,
  isRouteGame,
  MESSAGES,
  NICKNAME_MAX,
  PIN_LENGTH,
  type ProfileUser,
  registerGameRequestSchema,
  type UserReply,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formatDate } from '../../lib/format';
import { FormTextField } from '../../shell/FormTextField';
import { PasswordField } from '../../shell/PasswordField';
import { useSession } from '../../shell/session';
import { useRegisterGame } from './api';

/** Digits only, at most `max` characters: what PIN and mobile inputs accept. */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/**
 * Registered Games: one entry per registered game with its 'Registered Last' date, and for each other game
 * the prompt 'Do you want to register in the Game X too?'. Tales Runner registers in one click, Caliber
 * through a modal (nickname, 4-digit PIN, current password). The result is shown in an alert; OK after a
 * success reloads the page.
 */
export function RegisteredGames({ user }: { user: ProfileUser }) {
  const { updateUser } = useSession();
  const [caliberOpen, setCaliberOpen] = useState(false);
  const talesRunner = useRegisterGame();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const registerTalesRunner = () =>
    talesRunner.mutate(
      { game: 'talesrunner' },
      {
        onSuccess: (reply) => {
          updateUser(reply.user);
          setNotice({ ok: true, text: ACCOUNT_MESSAGES.gameRegistered('talesrunner') });
        },
        onError: () =>
          setNotice({ ok: false, text: ACCOUNT_MESSAGES.gameRegisterFailed(GAME_LABELS.talesrunner) }),
      },
    );

  return (
    <Box component="section" aria-labelledby="registered-games">
      <Typography id="registered-games" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Registered Games
      </Typography>
      <Stack spacing={1.5}>
        {/* Every game the account has, Yggdra included (issue #27); only Caliber and Tales Runner are offered. */}
        {GAMES.filter((game) => isRouteGame(game) || user.games.some((g) => g.name === game)).map((game) => {
          const registration = user.games.find((g) => g.name === game);
          return registration ? (
            <Stack
              key={game}
              direction="row"
              spacing={1.5}
              alignItems="center"
              data-testid={`registered-${game}`}
            >
              <SportsEsportsIcon color="primary" aria-hidden="true" />
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{GAME_LABELS[game]}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Registered Last: {formatDate(registration.created_at)}
                </Typography>
              </Box>
            </Stack>
          ) : (
            <Stack
              key={game}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              alignItems={{ sm: 'center' }}
              justifyContent="space-between"
              sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}
            >
              <Typography>Do you want to register in the Game {GAME_LABELS[game]} too?</Typography>
              <Button
                variant="contained"
                size="small"
                disabled={talesRunner.isPending}
                onClick={() => (game === 'caliber' ? setCaliberOpen(true) : registerTalesRunner())}
              >
                Register for {GAME_LABELS[game]}
              </Button>
            </Stack>
          );
        })}
      </Stack>

      {caliberOpen && (
        <CaliberRegisterModal
          onClose={() => setCaliberOpen(false)}
          onDone={(reply) => {
            updateUser(reply.user);
            setCaliberOpen(false);
            setNotice({ ok: true, text: reply.message || ACCOUNT_MESSAGES.caliberRegistered });
          }}
        />
      )}

      <Dialog open={notice !== null} onClose={() => setNotice(null)} aria-labelledby="game-notice-title">
        <DialogTitle id="game-notice-title">{notice?.ok ? 'Registered' : 'Registration failed'}</DialogTitle>
        <DialogContent>
          <DialogContentText>{notice?.text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            autoFocus
            onClick={() => {
              if (notice?.ok) window.location.reload();
              else setNotice(null);
            }}
          >
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

// The game is fixed here: only what the player types is the form's.
const caliberRegistrationSchema = registerGameRequestSchema.omit({ game: true });

function CaliberRegisterModal(props: { onClose: () => void; onDone: (reply: UserReply) => void }) {
  const registerGame = useRegisterGame();
  const form = useForm({
    resolver: zodResolver(caliberRegistrationSchema),
    defaultValues: { nickname: '', pin: '', password: '' },
  });
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    registerGame.mutate(
      { game: 'caliber', ...values },
      {
        onSuccess: props.onDone,
        onError: (caught) => {
          if (showFieldErrors(caught, form)) return;
          setError(
            caught instanceof ApiError && caught.body.message
              ? caught.body.message
              : ACCOUNT_MESSAGES.caliberRegisterFailed,
          );
        },
      },
    );
  });

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="caliber-modal-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="caliber-modal-title">Register for Caliber</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <FormTextField
              control={form.control}
              name="nickname"
              label="Nickname"
              required
              slotProps={{ htmlInput: { maxLength: NICKNAME_MAX } }}
            />
            <FormTextField
              control={form.control}
              name="pin"
              label={MESSAGES.pin}
              required
              transform={(text) => digitsOnly(text, PIN_LENGTH)}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PIN_LENGTH, autoComplete: 'off' } }}
            />
            <FormTextField
              control={form.control}
              name="password"
              component={PasswordField}
              label="Password"
              required
              autoComplete="current-password"
              hint="Your current account password."
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={registerGame.isPending}>
            {registerGame.isPending ? 'Submitting…' : 'Submit'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
