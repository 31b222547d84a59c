import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GAMES, playerReportBodySchema, REPORT_CATEGORIES } from '@portal/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { FormTextField, NATIVE_SELECT } from '../../shell/FormTextField';
import { GameSelectField } from '../../shell/GameSelectField';
import { PAGES } from '../../shell/pages';
import { usePlayerGames } from '../accounts';
import { useReportPlayer } from './api';
import { categoryLabel } from './labels';

const MESSAGE_MAX = 1000;
const EMPTY = { game: '', nickname: '', category: '', message: '' };
/**
 * The contract's rules, with the form's words for a choice not made yet: a select holds '' until then, so the
 * form's values are strings that become the contract's choices once checked.
 */
const reportFormSchema = playerReportBodySchema.extend({
  game: z.string().pipe(z.enum(GAMES, { message: 'Choose the game.' })),
  category: z.string().pipe(z.enum(REPORT_CATEGORIES, { message: 'Choose what they did.' })),
});

/**
 * "Report a player" (POST /api/reports): the game, the other player's nickname there, what they did and, if
 * the player wants, what happened. Staff see it in their queue; the player gets the server's thanks. Only
 * the games the player has are offered (the server refuses the others), the one preselected when there is
 * one; all three until the profile has answered.
 */
export function ReportPlayerForm() {
  const report = useReportPlayer();
  const playerGames = usePlayerGames();
  const onlyGame = playerGames?.length === 1 ? playerGames[0] : undefined;
  const form = useForm({
    resolver: zodResolver(reportFormSchema),
    defaultValues: EMPTY,
  });
  const length = (form.watch('message') ?? '').length;
  const emptied = { ...EMPTY, game: onlyGame ?? EMPTY.game };
  // Once the games are known, a choice among them stands; none (or another game, chosen before) gives way to
  // the one game when there is one.
  useEffect(() => {
    const chosen = form.getValues('game');
    if (playerGames && !playerGames.some((game) => game === chosen))
      form.setValue('game', onlyGame ?? EMPTY.game);
  }, [playerGames, onlyGame, form]);

  const submit = form.handleSubmit(({ message, ...body }) =>
    report.mutate(
      { ...body, ...(message ? { message } : {}) },
      {
        onSuccess: () => form.reset(emptied),
        onError: (error) => {
          if (showFieldErrors(error, form)) report.reset();
        },
      },
    ),
  );

  return (
    <Box component="section" aria-labelledby="report-title">
      <Typography id="report-title" variant="h6" component="h2">
        Report a player
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Someone cheating, abusing others or scamming? Tell us who and what happened; our team looks at every
        report.
      </Typography>
      {playerGames?.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={PAGES.profile.path}>
              Profile
            </Button>
          }
        >
          Reports are made in a game you play. Join a game from your profile to report a player there.
        </Alert>
      ) : (
        <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-labelledby="report-title">
          {report.isSuccess && (
            <Alert severity="success" role="status">
              {report.data.message}
            </Alert>
          )}
          {report.isError && (
            <Alert severity="error" role="alert">
              {errorMessage(report.error, 'Your report could not be sent. Please try again.')}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <GameSelectField control={form.control} name="game" games={playerGames} />
            <FormTextField
              control={form.control}
              name="nickname"
              label="Their nickname"
              required
              fullWidth
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
          </Stack>
          <FormTextField
            control={form.control}
            name="category"
            label="What did they do?"
            select
            required
            fullWidth
            slotProps={NATIVE_SELECT}
          >
            <option value="" disabled>
              Choose a reason
            </option>
            {REPORT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="message"
            label="What happened (optional)"
            multiline
            minRows={3}
            fullWidth
            hint={`${length} / ${MESSAGE_MAX} characters`}
            slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={report.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {report.isPending ? 'Sending…' : 'Send report'}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
