import { MESSAGES } from '@portal/contract';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './FormTextField';
import { PasswordField } from './PasswordField';

/**
 * A new password and its confirmation, as every form that sets one asks for them (register, social details,
 * reset): show/hide buttons, the password rule under the first, the browser told they are new passwords.
 */
export function NewPasswordFields<T extends FieldValues, Context, Output extends FieldValues>({
  control,
  names: [password, confirmation],
  labels: [passwordLabel, confirmationLabel] = ['Password', 'Password Confirmation'],
  required = false,
}: {
  control: Control<T, Context, Output>;
  names: [FieldPath<T>, FieldPath<T>];
  labels?: [string, string];
  required?: boolean;
}) {
  return (
    <>
      <FormTextField
        control={control}
        name={password}
        component={PasswordField}
        label={passwordLabel}
        required={required}
        autoComplete="new-password"
        hint={MESSAGES.passwordHint}
      />
      <FormTextField
        control={control}
        name={confirmation}
        component={PasswordField}
        label={confirmationLabel}
        required={required}
        autoComplete="new-password"
      />
    </>
  );
}
