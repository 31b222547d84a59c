import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type LauncherLoginReply,
  launcherPasswordLoginSchema,
  launcherPinLoginSchema,
  MESSAGES,
  type MfaRequiredReply,
  PIN_LENGTH,
} from '@portal/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { digitsOnly } from '../../lib/format';
import type { SanctionRefusal } from '../../lib/standing-token';
import { AuthLayout } from '../../shell/AuthLayout';
import { FormTextField } from '../../shell/FormTextField';
import { PasswordField } from '../../shell/PasswordField';
import { PAGES } from '../../shell/pages';
import { SanctionRefusalAlert } from '../../shell/SanctionRefusalAlert';
import { mfaSignIn, useSignInFlow } from '../mfa';
import { launcherPath, usePasswordLogin, usePinLogin } from './api';

// `developer` comes from the page's query, not from a field.
const passwordFormSchema = launcherPasswordLoginSchema.omit({ developer: true });
const pinFormSchema = launcherPinLoginSchema.omit({ developer: true });

const NETWORK_ERROR = 'Network error. Please check your connection.';

const pinDigits = (text: string) => digitsOnly(text, PIN_LENGTH);

/**
 * Sends a launcher sign-in. On success the browser goes to the launcher URL with its one-time code; a
 * refusal shows the server's errorMessage, a 422 shows under the fields, anything else the network message.
 * With two-step verification on, the password's reply is a challenge (`mfaToken`) for the code step.
 */
function useLauncherSignIn<Values extends FieldValues, Request>(
  form: Pick<UseFormReturn<Values>, 'getValues' | 'setError'>,
  signIn: UseMutationResult<LauncherLoginReply | MfaRequiredReply, Error, Request>,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<SanctionRefusal | null>(null);
  const flow = useSignInFlow<LauncherLoginReply>({
    verify: mfaSignIn.launcher,
    onSignedIn: (reply) => open(reply),
    onBack: () => signIn.reset(),
  });
  function open({ data }: LauncherLoginReply, onRefused?: () => void) {
    flow.leaveCodeStep();
    if ('redirectURL' in data) {
      flow.announce(() => window.location.assign(data.redirectURL));
      return;
    }
    if (data.errorCode === 'ACCOUNT_SANCTIONED')
      setRefusal({ message: data.errorMessage, token: data.standingToken ?? null });
    else setFailure(data.errorMessage);
    onRefused?.();
  }
  const send = (request: Request, onRefused?: () => void) => {
    setFailure(null);
    setRefusal(null);
    signIn.mutate(request, {
      onSuccess: (reply) => flow.answer(reply, (signedIn) => open(signedIn, onRefused)),
      onError: (error) => {
        if (!showFieldErrors(error, form)) setFailure(errorMessage(error, NETWORK_ERROR));
      },
    });
  };
  return {
    send,
    codeStep: flow.codeStep,
    failure,
    refusal,
    opening: flow.signedIn,
    pending: signIn.isPending,
  };
}

/**
 * The banners above the fields (a sanction's refusal links to the standing page), the fields, and Continue
 * (enabled once the fields are complete).
 */
function LauncherForm(props: {
  failure: string | null;
  refusal: SanctionRefusal | null;
  opening: boolean;
  pending: boolean;
  complete: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <>
      {props.failure && (
        <Alert severity="error" variant="filled" role="alert" sx={{ mb: 2 }}>
          {props.failure}
        </Alert>
      )}
      {props.refusal && <SanctionRefusalAlert refusal={props.refusal} tokenInLink sx={{ mb: 2 }} />}
      {props.opening && (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          Signed in. Opening Caliber…
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={props.onSubmit} noValidate>
        {props.children}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={props.pending || props.opening || !props.complete}
          startIcon={props.pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Continue
        </Button>
      </Stack>
    </>
  );
}

function PasswordLogin({ developer }: { developer: string | null }) {
  const form = useForm({
    resolver: zodResolver(passwordFormSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const signIn = useLauncherSignIn(form, usePasswordLogin());
  const onSubmit = form.handleSubmit((values) => signIn.send({ ...values, developer }));
  if (signIn.codeStep) return signIn.codeStep;
  return (
    <LauncherForm {...signIn} complete={form.formState.isValid} onSubmit={onSubmit}>
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        placeholder="{email}"
        type="email"
        autoComplete="email"
        required
        autoFocus
      />
      <FormTextField
        control={form.control}
        name="password"
        component={PasswordField}
        label="Password"
        autoComplete="current-password"
        required
      />
    </LauncherForm>
  );
}

/** `knownUser`: the player the launcher remembers (email or uuid); without one, the email is asked too. */
function PinLogin({ developer, knownUser }: { developer: string | null; knownUser: string }) {
  const form = useForm({
    resolver: zodResolver(pinFormSchema),
    mode: 'onChange',
    defaultValues: { user: knownUser, pin: '' },
  });
  const signIn = useLauncherSignIn(form, usePinLogin());
  const onSubmit = form.handleSubmit((values) =>
    signIn.send({ ...values, developer }, () => form.resetField('pin')),
  );
  return (
    <LauncherForm {...signIn} complete={form.formState.isValid} onSubmit={onSubmit}>
      {knownUser ? (
        <Typography>
          Signing in as <strong>{knownUser}</strong>
        </Typography>
      ) : (
        <FormTextField
          control={form.control}
          name="user"
          label="Email"
          autoComplete="username"
          required
          autoFocus
        />
      )}
      <FormTextField
        control={form.control}
        name="pin"
        label={MESSAGES.pin}
        type="password"
        autoComplete="off"
        transform={pinDigits}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PIN_LENGTH, pattern: '\\d{4}' } }}
        required
        autoFocus={Boolean(knownUser)}
      />
    </LauncherForm>
  );
}

/**
 * The Caliber launcher sign-in (LoginAPI). Password mode asks for email and password; PIN mode asks for
 * the 4-digit PIN of the player named by the `user` query (email or uuid), or for both when the launcher
 * did not say. The `developer` query goes along to the server. On success the browser goes to the
 * launcher URL with its one-time code; refusals show the server's errorMessage in a red banner.
 */
export function LauncherLoginForm({ mode }: { mode: 'password' | 'pin' }) {
  const [params] = useSearchParams();
  const developer = params.get('developer');
  const knownUser = params.get('user')?.trim() || '';
  return (
    <AuthLayout
      aside={{
        title: 'Caliber',
        text: developer ? 'Developer build sign-in.' : 'Sign in to start playing Caliber.',
      }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {mode === 'pin' ? 'PIN LOGIN' : 'LOGIN'}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {mode === 'pin'
          ? 'Enter your 4-digit PIN to continue to Caliber.'
          : 'Sign in to continue to Caliber.'}
        {developer ? ' (developer build)' : ''}
      </Typography>
      {mode === 'pin' ? (
        <PinLogin key={knownUser} developer={developer} knownUser={knownUser} />
      ) : (
        <PasswordLogin developer={developer} />
      )}
      <Typography sx={{ mt: 3 }} variant="body2">
        {mode === 'pin' ? (
          <Link component={RouterLink} to={launcherPath(PAGES.loginApi.path, { developer })}>
            Sign in with email and password instead
          </Link>
        ) : (
          <Link component={RouterLink} to={PAGES.forgotPassword.path}>
            Forgot your password?
          </Link>
        )}
      </Typography>
    </AuthLayout>
  );
}
