import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, GAME_LABELS, GAMES, isRouteGame, type ProfileUser } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { formatDate } from '../../lib/format';
import { useSession } from '../../shell/session';
import { useRegisterGame } from './api';
import type { GameNotice } from './GameNoticeDialog';

// The Caliber form (react-hook-form, the schemas, the fields) loads when it is opened, not with the profile.
const CaliberRegisterDialog = lazy(() => import('./CaliberRegisterDialog'));
// So does the dialog that tells a registration's outcome, with the first one.
const GameNoticeDialog = lazy(() => import('./GameNoticeDialog'));

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
  const [notice, setNotice] = useState<GameNotice | null>(null);

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
        <Suspense fallback={null}>
          <CaliberRegisterDialog
            onClose={() => setCaliberOpen(false)}
            onDone={(reply) => {
              updateUser(reply.user);
              setCaliberOpen(false);
              setNotice({ ok: true, text: reply.message || ACCOUNT_MESSAGES.caliberRegistered });
            }}
          />
        </Suspense>
      )}

      {notice && (
        <Suspense fallback={null}>
          <GameNoticeDialog notice={notice} onClose={() => setNotice(null)} />
        </Suspense>
      )}
    </Box>
  );
}
