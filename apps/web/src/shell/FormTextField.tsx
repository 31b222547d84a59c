import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ComponentType, ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues, Context, Output extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'helperText'
> & {
  control: Control<T, Context, Output>;
  name: FieldPath<T>;
  /** The input's own name when the field's path (say `addresses.0.city`) is not one for the browser. */
  inputName?: string;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
  /** Rewrites what was typed before the form keeps it, e.g. digits only. */
  transform?: (text: string) => string;
  /** The field to draw: TextField, or PasswordField for one with a show/hide button. */
  component?: ComponentType<TextFieldProps>;
};

/** A select's slots for a native picker: a phone shows its own, and the keyboard works as in any form. */
export const NATIVE_SELECT = { select: { native: true }, inputLabel: { shrink: true } } as const;

/** A MUI text field bound to a react-hook-form field: its value, its touched state and its first error below it. */
export function FormTextField<T extends FieldValues, Context, Output extends FieldValues>({
  control,
  name,
  inputName,
  hint,
  transform,
  component: Field = TextField,
  ...props
}: FormTextFieldProps<T, Context, Output>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field
      {...props}
      name={inputName ?? field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? hint}
    />
  );
}
