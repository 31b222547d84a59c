import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { GAME_LABELS, GAMES, type Game } from '@portal/contract';
import type { ReactNode } from 'react';
import { NATIVE_SELECT } from '../../shell/FormTextField';

/** A list's filters in a row (a column on a phone), named for assistive technology. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 2 }}
      component="form"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
    >
      {children}
    </Stack>
  );
}

/** A filter's select: `every` first (no filter) when given, then the values in their words. */
export function FilterSelect<T extends string>({
  label,
  every,
  values,
  words,
  value,
  onChange,
  minWidth = 180,
}: {
  label: string;
  every?: string;
  values: readonly T[];
  words: Record<T, string>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      label={label}
      size="small"
      sx={{ minWidth }}
      slotProps={NATIVE_SELECT}
      value={value ?? ''}
      onChange={(event) => onChange(values.find((v) => v === event.target.value))}
    >
      {every !== undefined && <option value="">{every}</option>}
      {values.map((v) => (
        <option key={v} value={v}>
          {words[v]}
        </option>
      ))}
    </TextField>
  );
}

/** The game filter every moderation list has. */
export function GameFilter({
  value,
  onChange,
}: {
  value: Game | undefined;
  onChange: (game: Game | undefined) => void;
}) {
  return (
    <FilterSelect
      label="Game"
      every="Every game"
      values={GAMES}
      words={GAME_LABELS}
      value={value}
      onChange={onChange}
    />
  );
}
