import { GAME_LABELS, GAMES, type Game } from '@portal/contract';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField, NATIVE_SELECT } from './FormTextField';

/** A form's required "Game" choice, a native picker; `games` narrows it (all three by default). */
export function GameSelectField<T extends FieldValues, Context, Output extends FieldValues>({
  control,
  name,
  games = GAMES,
}: {
  control: Control<T, Context, Output>;
  name: FieldPath<T>;
  games?: readonly Game[];
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label="Game"
      select
      required
      fullWidth
      slotProps={NATIVE_SELECT}
    >
      <option value="" disabled>
        Choose the game
      </option>
      {games.map((game) => (
        <option key={game} value={game}>
          {GAME_LABELS[game]}
        </option>
      ))}
    </FormTextField>
  );
}
