import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { type Confirmation, ConfirmDialog } from '../../shell/ConfirmDialog';
import { useGameSettings } from './api';
import { DeliveryLog } from './DeliveryLog';
import { GameCard, type Outcome } from './GameCard';
import { type ShownOnce, ShownOnceDialog } from './ShownOnceDialog';

/**
 * /mlg/admin/games (owners): how paid items reach each game. Per game the webhook (URL, on or off, its
 * signing secret shown once, a test ping) and the server keys of the game-server API (each shown once);
 * below, the delivery log with Retry.
 */
export default function GamesPage() {
  const games = useGameSettings();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [shown, setShown] = useState<ShownOnce | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const events = { onOutcome: setOutcome, onShowOnce: setShown, onConfirm: setConfirmation };

  return (
    <Card sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="games-title">
      <Typography id="games-title" variant="h6" component="h1" sx={{ mb: 1 }}>
        Games
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        What players buy reaches each game's server twice over: as signed webhooks sent to its URL, and
        through the game-server API, which its servers call with a server key.
      </Typography>
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          role={outcome.ok ? 'status' : 'alert'}
          onClose={() => setOutcome(null)}
          data-testid="games-outcome"
          sx={{ mb: 2 }}
        >
          {outcome.text}
        </Alert>
      )}
      {games.isPending ? (
        <CenteredSpinner size="section" label="Loading the games" />
      ) : !games.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void games.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(games.error, 'The games could not be loaded.')}
        </Alert>
      ) : (
        <Stack spacing={3}>
          {games.data.games.map((settings) => (
            <GameCard key={settings.game} settings={settings} {...events} />
          ))}
        </Stack>
      )}
      <Stack sx={{ mt: 4 }}>
        <DeliveryLog onOutcome={setOutcome} />
      </Stack>
      <ShownOnceDialog shown={shown} onClose={() => setShown(null)} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Card>
  );
}
