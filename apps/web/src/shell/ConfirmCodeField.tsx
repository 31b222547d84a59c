import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { MFA_MESSAGES, TOTP_DIGITS } from '@portal/contract';
import { useState } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { digitsOnly } from '../lib/format';
import { FormTextField } from './FormTextField';

/** What an authenticator-code field keeps of what was typed or pasted: its first six digits. */
export const codeDigits = (text: string) => digitsOnly(text, TOTP_DIGITS);

/**
 * The code a change asks for while two-step verification is on (an email or a password change): the
 * 6-digit code from the authenticator app, or a recovery code instead (the same switch as the sign-in step).
 * The field keeps one value, the form's `name`; switching clears it.
 */
export function ConfirmCodeField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  disabled,
  onSwitch,
}: {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  disabled?: boolean;
  /** Called with the new mode so the form can clear the field. */
  onSwitch: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  return (
    <Stack spacing={0.5} alignItems="flex-start">
      {recovery ? (
        <FormTextField
          key="recovery"
          control={control}
          name={name}
          label="Recovery code"
          disabled={disabled}
          autoComplete="off"
          hint="One of your recovery codes (xxxxx-xxxxx). Each one works only once."
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 64 } }}
          fullWidth
        />
      ) : (
        <FormTextField
          key="app"
          control={control}
          name={name}
          label="Authentication code"
          disabled={disabled}
          autoComplete="one-time-code"
          hint={MFA_MESSAGES.codeRequired}
          transform={codeDigits}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: TOTP_DIGITS, pattern: '\\d*' } }}
          fullWidth
        />
      )}
      <Link
        component="button"
        type="button"
        variant="body2"
        disabled={disabled}
        onClick={() => {
          onSwitch();
          setRecovery(!recovery);
        }}
      >
        {recovery ? 'Use a code from your authenticator app instead' : 'Use a recovery code instead'}
      </Link>
    </Stack>
  );
}
