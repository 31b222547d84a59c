import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type MfaLoginRequest, mfaLoginRequestSchema, TOTP_DIGITS, totpCodeSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { sanctionRefusalOf } from '../../lib/standing-token';
import { codeDigits } from '../../shell/ConfirmCodeField';
import { FormTextField } from '../../shell/FormTextField';
import { SanctionRefusalAlert } from '../../shell/SanctionRefusalAlert';

interface MfaSignInStepProps {
  /** The `mfa_token` of the first step's reply. */
  mfaToken: string;
  /** Sends the code (the flow's `/login/mfa` call) and finishes the sign-in the page's own way. */
  verify: (request: MfaLoginRequest) => Promise<unknown>;
  /** Back to the password form, for a new first step. */
  onBack: () => void;
}

type Mode = 'app' | 'recovery';

type CodeFields = { code: string };

const codeSchemas: Record<Mode, z.ZodType<CodeFields, CodeFields>> = {
  app: z.object({ code: totpCodeSchema }),
  recovery: mfaLoginRequestSchema.pick({ code: true }),
};

/**
 * The second step of a sign-in with two-step verification on: a code from the authenticator app, or a
 * recovery code instead. A dead `mfa_token` (401: too slow or already used) leaves only Back to sign-in, and so
 * does a sanction's refusal (403 ACCOUNT_SANCTIONED), shown with the way to the account standing.
 */
export default function MfaSignInStep({ mfaToken, verify, onBack }: MfaSignInStepProps) {
  const [mode, setMode] = useState<Mode>('app');
  const signIn = useMutation({ mutationFn: verify });
  const expired = signIn.error instanceof ApiError && signIn.error.code === 'UNAUTHENTICATED';
  // A sanction refuses the sign-in once the code is right: its reason, and the way to the account standing.
  const refusal = sanctionRefusalOf(signIn.error);
  // Nothing more to try with this challenge: only Back to sign-in is left.
  const over = expired || refusal !== null;

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Two-step verification
      </Typography>
      {refusal ? (
        <SanctionRefusalAlert refusal={refusal} />
      ) : (
        signIn.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(signIn.error, 'The code could not be checked. Please try again.')}
          </Alert>
        )
      )}
      {!over && (
        <CodeForm
          key={mode}
          mode={mode}
          pending={signIn.isPending || signIn.isSuccess}
          onSubmit={(code, form) =>
            signIn.mutate(
              { mfa_token: mfaToken, code },
              {
                onError: (error) => {
                  if (showFieldErrors(error, form)) signIn.reset();
                },
              },
            )
          }
        />
      )}
      <Stack spacing={1} alignItems="flex-start">
        {!over && (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              signIn.reset();
              setMode(mode === 'app' ? 'recovery' : 'app');
            }}
          >
            {mode === 'app'
              ? 'Use a recovery code instead'
              : 'Use a code from your authenticator app instead'}
          </Link>
        )}
        <Button
          variant={over ? 'contained' : 'text'}
          startIcon={<ArrowBackIcon />}
          onClick={onBack}
          disabled={signIn.isPending || signIn.isSuccess}
        >
          Back to sign-in
        </Button>
      </Stack>
    </Stack>
  );
}

function CodeForm({
  mode,
  pending,
  onSubmit,
}: {
  mode: Mode;
  pending: boolean;
  onSubmit: (code: string, form: Pick<UseFormReturn<CodeFields>, 'getValues' | 'setError'>) => void;
}) {
  const form = useForm({ resolver: zodResolver(codeSchemas[mode]), defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) => onSubmit(code, form));
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label="Two-step verification">
      <Typography>
        {mode === 'app'
          ? `Enter the ${TOTP_DIGITS}-digit code from your authenticator app.`
          : 'Enter one of your recovery codes (xxxxx-xxxxx). Each one works only once.'}
      </Typography>
      {mode === 'app' ? (
        <FormTextField
          control={form.control}
          name="code"
          label="Authentication code"
          autoComplete="one-time-code"
          transform={codeDigits}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: TOTP_DIGITS, pattern: '\\d*' } }}
          autoFocus
          required
          fullWidth
        />
      ) : (
        <FormTextField
          control={form.control}
          name="code"
          label="Recovery code"
          autoComplete="off"
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          autoFocus
          required
          fullWidth
        />
      )}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={pending}>
        Verify
      </Button>
    </Stack>
  );
}
