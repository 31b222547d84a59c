import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { usePasswordVisibility } from './usePasswordVisibility';

/** A password input with a show/hide button. */
export function PasswordField(props: TextFieldProps) {
  const { type, endAdornment } = usePasswordVisibility();
  return <TextField {...props} type={type} slotProps={{ ...props.slotProps, input: { endAdornment } }} />;
}
