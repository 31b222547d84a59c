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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, MESSAGES, type ProfileUser } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { GAME_LABELS, ROUTE_GAMES } from '../../lib/games';
import { PasswordField } from '../../shell/PasswordField';
import { useSession } from '../../shell/session';
import { accountsApi } from './api';

type RouteGame = (typeof ROUTE_GAMES)[number];

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
  const [busy, setBusy] = useState<RouteGame | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const registerTalesRunner = async () => {
    setBusy('talesrunner');
    try {
      const reply = await accountsApi.registerGame({ game: 'talesrunner' });
      updateUser(reply.user);
      setNotice({ ok: true, text: ACCOUNT_MESSAGES.gameRegistered('talesrunner') });
    } catch {
      setNotice({ ok: false, text: ACCOUNT_MESSAGES.gameRegisterFailed(GAME_LABELS.talesrunner) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="section" aria-labelledby="registered-games">
      <Typography id="registered-games" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Registered Games
      </Typography>
      <Stack spacing={1.5}>
        {ROUTE_GAMES.map((game) => {
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
                disabled={busy !== null}
                onClick={() => (game === 'caliber' ? setCaliberOpen(true) : void registerTalesRunner())}
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

function CaliberRegisterModal(props: {
  onClose: () => void;
  onDone: (reply: { user: ProfileUser; message: string }) => void;
}) {
  const [nickname, setNickname] = useState('');
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      props.onDone(
        await accountsApi.registerGame({ game: 'caliber', nickname: nickname.trim(), pin, password }),
      );
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.body.message
          ? caught.body.message
          : ACCOUNT_MESSAGES.caliberRegisterFailed,
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="caliber-modal-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="caliber-modal-title">Register for Caliber</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              label="Nickname"
              name="nickname"
              required
              value={nickname}
              onChange={(e) => setNickname(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 30 } }}
            />
            <TextField
              label={MESSAGES.pin}
              name="pin"
              required
              value={pin}
              onChange={(e) => setPin(digitsOnly(e.target.value, 4))}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, autoComplete: 'off' } }}
            />
            <PasswordField
              label="Password"
              name="password"
              required
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              helperText="Your current account password."
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Submitting…' : 'Submit'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
