import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  GAMES,
  type Game,
  placeSanctionBodySchema,
  SANCTION_CATEGORIES,
  SANCTION_MESSAGES,
  SANCTION_SCOPES,
  type SanctionCategory,
  type SanctionScope,
  type StaffSanction,
  SUPPORT_SANCTION_MAX_DAYS,
} from '@portal/contract';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../lib/api';
import { FormTextField, NATIVE_SELECT } from '../../shell/FormTextField';
import { GameSelectField } from '../../shell/GameSelectField';
import { useStaffAccess } from '../../shell/staff-access';
import { categoryLabel, SCOPE_LABELS } from '../standing';
import { usePlaceSanction } from './api';

/** What the dialog opens with: from the reports (their category, game and ids), or nothing chosen. */
export interface SanctionDraft {
  scope?: SanctionScope;
  game?: Game;
  category?: SanctionCategory;
  report_ids?: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const QUICK_DAYS = [1, 3, 7, SUPPORT_SANCTION_MAX_DAYS];
const namesGame = (scope: SanctionScope) => scope === 'game' || scope === 'chat';

/** A time as a datetime-local input writes it, in the viewer's time zone, to the minute. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const inDays = (days: number) => localInput(new Date(Date.now() + days * DAY_MS));

const fieldsSchema = z.object({
  scope: z.enum(SANCTION_SCOPES),
  game: z.union([z.enum(GAMES), z.literal('')]),
  category: z.union([z.enum(SANCTION_CATEGORIES), z.literal('')]),
  note: z.string(),
  staff_note: z.string(),
  end: z.enum(['until', 'permanent']),
  ends: z.string(),
});
type Fields = z.infer<typeof fieldsSchema>;

/** The request the fields make (the game only where the scope names one, an empty staff note left out). */
function bodyOf(fields: Fields, reportIds: string[] | undefined) {
  const ends = new Date(fields.ends);
  return {
    scope: fields.scope,
    ...(namesGame(fields.scope) && fields.game ? { game: fields.game } : {}),
    category: fields.category || undefined,
    note: fields.note,
    ...(fields.staff_note.trim() ? { staff_note: fields.staff_note } : {}),
    expires_at: fields.end === 'permanent' ? null : Number.isNaN(ends.getTime()) ? '' : ends.toISOString(),
    ...(reportIds?.length ? { report_ids: reportIds } : {}),
  };
}

/**
 * The form's rules: the contract's (placeSanctionBodySchema, under the fields they name), then the end's,
 * which a role without 'sanctions.unlimited' keeps within SUPPORT_SANCTION_MAX_DAYS and never permanent.
 */
const formSchema = (unlimited: boolean) =>
  fieldsSchema.superRefine((fields, context) => {
    const issue = (path: keyof Fields, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (!fields.category) issue('category', 'Choose the reason.');
    const parsed = placeSanctionBodySchema.safeParse(bodyOf(fields, undefined));
    for (const found of parsed.success ? [] : parsed.error.issues) {
      const field = String(found.path[0] ?? '');
      if (field === 'game' || field === 'note' || field === 'staff_note') issue(field, found.message);
    }
    if (fields.end === 'permanent') {
      if (!unlimited) issue('end', SANCTION_MESSAGES.tooLongForRole);
      return;
    }
    const ends = new Date(fields.ends).getTime();
    if (Number.isNaN(ends)) issue('ends', 'Choose when the sanction ends.');
    else if (ends <= Date.now()) issue('ends', SANCTION_MESSAGES.expiresInPast);
    else if (!unlimited && ends > Date.now() + SUPPORT_SANCTION_MAX_DAYS * DAY_MS)
      issue('ends', SANCTION_MESSAGES.tooLongForRole);
  });

/**
 * "Place sanction" on a player: what it covers (and the game, for a game ban or a chat restriction), the
 * reason, the note the player reads on their standing page, a note only staff read, and the end: a date and
 * time, or Permanent. A role without 'sanctions.unlimited' (support) places at most 30 days and never
 * permanent; the dialog says so and the server refuses it anyway. Placing needs a recent proof: the API
 * client asks "Confirm it's you" and sends it again. Opened from the reports, it carries their ids.
 */
export function PlaceSanctionDialog({
  player,
  draft,
  onClose,
  onPlaced,
}: {
  player: { id: string; name: string };
  /** Open with these choices; closed when null. */
  draft: SanctionDraft | null;
  onClose: () => void;
  onPlaced: (sanction: StaffSanction) => void;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog
      open={draft !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
    >
      {draft && (
        <SanctionForm player={player} draft={draft} titleId={titleId} onClose={onClose} onPlaced={onPlaced} />
      )}
    </Dialog>
  );
}

function SanctionForm({
  player,
  draft,
  titleId,
  onClose,
  onPlaced,
}: {
  player: { id: string; name: string };
  draft: SanctionDraft;
  titleId: string;
  onClose: () => void;
  onPlaced: (sanction: StaffSanction) => void;
}) {
  const unlimited = useStaffAccess().grants('sanctions.unlimited');
  const place = usePlaceSanction();
  const form = useForm<Fields>({
    resolver: zodResolver(formSchema(unlimited)),
    defaultValues: {
      scope: draft.scope ?? (draft.game ? 'game' : 'account'),
      game: draft.game ?? '',
      category: draft.category ?? '',
      note: '',
      staff_note: '',
      end: 'until',
      ends: inDays(7),
    },
  });
  const scope = form.watch('scope');
  const end = form.watch('end');
  const limitId = useId();
  const endLabelId = useId();

  const submit = form.handleSubmit((fields) =>
    place.mutate(
      { player: player.id, body: placeSanctionBodySchema.parse(bodyOf(fields, draft.report_ids)) },
      {
        onSuccess: ({ sanction }) => onPlaced(sanction),
        onError: (error) => {
          const errors = error instanceof ApiError ? (error.body.errors ?? {}) : {};
          const fieldOf = (name: string) => (name === 'expires_at' ? 'ends' : name);
          const placed = Object.entries(errors).filter(([name]) => fieldOf(name) in form.getValues());
          for (const [name, messages] of placed)
            form.setError(fieldOf(name) as keyof Fields, { type: 'server', message: messages[0] });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>Sanction {player.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {draft.report_ids?.length ? (
            <Typography color="text.secondary">
              Answers {draft.report_ids.length} {draft.report_ids.length === 1 ? 'report' : 'reports'}.
            </Typography>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              control={form.control}
              name="scope"
              label="Applies to"
              select
              fullWidth
              slotProps={NATIVE_SELECT}
            >
              {SANCTION_SCOPES.map((value) => (
                <option key={value} value={value}>
                  {SCOPE_LABELS[value]}
                </option>
              ))}
            </FormTextField>
            {namesGame(scope) && <GameSelectField control={form.control} name="game" />}
          </Stack>
          <FormTextField
            control={form.control}
            name="category"
            label="Reason"
            select
            required
            fullWidth
            slotProps={NATIVE_SELECT}
          >
            <option value="" disabled>
              Choose the reason
            </option>
            {SANCTION_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="note"
            label="Note for the player"
            hint="The player reads this on their account standing page."
            multiline
            minRows={2}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <FormTextField
            control={form.control}
            name="staff_note"
            label="Staff note (private)"
            hint="Only staff read this."
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Controller
            control={form.control}
            name="end"
            render={({ field, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)}>
                <FormLabel id={endLabelId}>Ends</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={endLabelId}
                  aria-describedby={unlimited ? undefined : limitId}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                >
                  <FormControlLabel value="until" control={<Radio />} label="On a date" />
                  <FormControlLabel
                    value="permanent"
                    control={<Radio />}
                    label="Permanent"
                    disabled={!unlimited}
                  />
                </RadioGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          {end === 'until' && (
            <>
              <FormTextField
                control={form.control}
                name="ends"
                label="Ends on"
                type="datetime-local"
                required
                fullWidth
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: unlimited ? {} : { max: inDays(SUPPORT_SANCTION_MAX_DAYS) },
                }}
              />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Quick ends">
                {QUICK_DAYS.map((days) => (
                  <Button
                    key={days}
                    size="small"
                    variant="outlined"
                    onClick={() => form.setValue('ends', inDays(days), { shouldValidate: true })}
                  >
                    {days === 1 ? '1 day' : `${days} days`}
                  </Button>
                ))}
              </Stack>
            </>
          )}
          {!unlimited && (
            <Typography id={limitId} variant="body2" color="text.secondary">
              Your role places sanctions of at most {SUPPORT_SANCTION_MAX_DAYS} days. Ask an owner for a
              longer or permanent one.
            </Typography>
          )}
          {place.isError && !(place.error instanceof ApiError && place.error.body.errors) && (
            <Alert severity="error" role="alert">
              {errorMessage(place.error, 'The sanction could not be placed. Please try again.')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={place.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={place.isPending}>
          {place.isPending ? 'Placing…' : 'Place sanction'}
        </Button>
      </DialogActions>
    </form>
  );
}
