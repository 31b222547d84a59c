import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

interface TextInputProps extends Omit<OutlinedInputProps, 'label'> {
  label: string;
  /** A native `<select>` with these options (children) instead of a text input. */
  nativeSelect?: ReactNode;
}

/**
 * An outlined input with its label, for the sign-in page: MUI's TextField always brings its `select` mode
 * (Select, Menu, Popover, Modal: ~16 KB gzip), which /login does not use. The label sits above a native
 * select, as TextField's `shrink` would put it.
 */
export function TextInput({ label, nativeSelect, id, fullWidth, ...input }: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const outlined = (
    <OutlinedInput id={inputId} label={label} notched={nativeSelect ? true : undefined} {...input} />
  );
  return (
    <FormControl fullWidth={fullWidth} variant="outlined">
      <InputLabel htmlFor={inputId} shrink={nativeSelect ? true : undefined}>
        {label}
      </InputLabel>
      {nativeSelect ? (
        <NativeSelect input={outlined} inputProps={{ id: inputId, name: input.name }}>
          {nativeSelect}
        </NativeSelect>
      ) : (
        outlined
      )}
    </FormControl>
  );
}
