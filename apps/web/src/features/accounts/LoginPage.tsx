import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ApiErrorCode, type LoginReply, WAIT_CODES } from '@portal/contract';
import { ACCOUNT_MESSAGES, GAME_LABELS, gamePageHref, isRouteGame } from '@portal/contract/constants';
import { type FormEvent, useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { sanctionRefusalOf } from '../../lib/standing-token';
import { AuthLayout } from '../../shell/AuthLayout';
import { WhenAppReady } from '../../shell/app-ready';
import { FormSubmitButton } from '../../shell/FormSubmitButton';
import { SUPPORT_URL } from '../../shell/links';
import { PasskeySignInButton } from '../../shell/PasskeySignInButton';
import { PAGES } from '../../shell/pages';
import { rememberReturnPath, takeReturnPath } from '../../shell/return-path';
import { SanctionRefusalAlert } from '../../shell/SanctionRefusalAlert';
import { useSession } from '../../shell/session';
import { TextInput } from '../../shell/TextInput';
import { useLogoutBanner } from '../../shell/useLogoutBanner';
import { usePasswordVisibility } from '../../shell/usePasswordVisibility';
import { verificationNoticeOf } from '../../shell/verification-notice';
import { mfaSignIn, useSignInFlow } from '../mfa';
import { AuthTabs } from './AuthTabs';
import { useLogin } from './api';
import { DELAYS } from './delays';
import { SocialButtons } from './SocialButtons';

const GAME_CHOICES = [
  { value: 'yggdra', label: 'YGGDRA Rebirth' },
  { value: 'caliber', label: 'Caliber' },
] as const;

/** The refused sign-ins (401, 403, 429) whose text the page shows. */
const SIGN_IN_REFUSALS: ReadonlySet<string> = new Set([
  ...([
    'INVALID_CREDENTIALS',
    'UNAUTHENTICATED',
    'UNVERIFIED',
    'SUSPENDED',
    'PENDING_DELETION',
    'FORBIDDEN',
  ] satisfies ApiErrorCode[]),
  ...WAIT_CODES,
]);

/** Spec section 8: a 422 shows every message, one per line; a refused sign-in (401, 403, 429) the reply's error text. */
function loginErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.body.errors) return Object.values(error.body.errors).flat().join('\n');
  if (SIGN_IN_REFUSALS.has(error.code)) return error.body.error ?? error.body.message;
  return null;
}

/**
 * The login form keeps no state of its own: the spec gives it no client-side checks, so the fields are read
 * when it is sent. (react-hook-form, as on the other forms, would add 12 KB gzipped to the first page load.)
 * Its inputs are TextInput rather than TextField, whose select mode alone weighs ~16 KB gzip.
 */
export default function LoginPage() {
  const params = useParams();
  const game = isRouteGame(params.game) ? params.game : null;
  const loggedOut = useLogoutBanner();
  // The outcome of the verification link that led here stays in view after that page's 2 s.
  const verification = verificationNoticeOf(useLocation().state);
  const [query] = useSearchParams();
  const social = query.get('social');
  const next = query.get('next');
  // Where to go once signed in (an app authorization, /activate), kept through a social sign-in's round trip.
  useEffect(() => rememberReturnPath(next), [next]);
  const navigate = useNavigate();
  const { signInPlayer } = useSession();
  const login = useLogin();
  const password = usePasswordVisibility();
  const formRef = useRef<HTMLFormElement>(null);
  // Signing in makes this a guest-only page, so the session is stored as the banner's second ends.
  const flow = useSignInFlow<LoginReply>({
    verify: mfaSignIn.player,
    onSignedIn: (reply) =>
      flow.announce(() => {
        signInPlayer(reply.token, reply.user);
        navigate(takeReturnPath(PAGES.profile.path), { replace: true });
      }, DELAYS.loginRedirect),
    onBack: () => login.reset(),
  });
  const error = loginErrorText(login.error);
  // A sanction's refusal (403 ACCOUNT_SANCTIONED) links to the account standing.
  const refusal = sanctionRefusalOf(login.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || login.isSuccess) return;
    const form = new FormData(event.currentTarget);
    const picked = GAME_CHOICES.find((choice) => choice.value === form.get('game'))?.value;
    const chosen = game ?? picked;
    login.mutate(
      {
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        ...(chosen ? { game: chosen } : {}),
      },
      {
        onSuccess: (reply) => flow.answer(reply),
      },
    );
  };

  return (
    <AuthLayout
      aside={{
        title: 'One account for all your games',
        text: 'Sign in to manage your profile, register for Caliber and Tales Runner, and shop the Yggdra and Tales Runner webshops.',
      }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, letterSpacing: '0.04em' }}>
        LOGIN
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {game ? `Sign in to continue to ${GAME_LABELS[game]}.` : 'Enter your email and password to sign in.'}
      </Typography>

      <AuthTabs current="login" game={game} />

      {flow.signedIn && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {ACCOUNT_MESSAGES.loginSuccess}
        </Alert>
      )}
      {refusal && <SanctionRefusalAlert refusal={refusal} onClose={() => login.reset()} sx={{ mb: 2 }} />}
      {error && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} onClose={() => login.reset()}>
          {error}
        </Alert>
      )}
      {social === 'error' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          We could not finish your social sign-in. Please try again.
        </Alert>
      ) : social !== null ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Please check your email: we sent you a message to finish setting up your account. Then log in here.
        </Alert>
      ) : null}
      {verification && !flow.signedIn && (
        <Alert
          severity={verification.ok ? 'success' : 'error'}
          sx={{ mb: 2 }}
          data-testid="verification-notice"
        >
          {verification.text}
        </Alert>
      )}
      {loggedOut && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="logout-banner">
          {ACCOUNT_MESSAGES.loggedOut}
        </Alert>
      )}

      {flow.codeStep}
      {/* Hidden, not gone, during the code step: Back to sign-in finds the email as it was typed. */}
      <Box
        component="form"
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-label="Login"
        hidden={flow.inCodeStep}
      >
        <Stack spacing={2}>
          {!game && (
            <TextInput
              name="game"
              label="Pick Your Desired Game for Login"
              defaultValue=""
              nativeSelect={[
                <option key="" value="" disabled>
                  Select a game
                </option>,
                ...GAME_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                )),
              ]}
            />
          )}
          <TextInput
            name="email"
            label="Email"
            placeholder="email"
            type="email"
            autoComplete="username"
            fullWidth
          />
          <TextInput
            name="password"
            label="Password"
            placeholder="password"
            autoComplete="current-password"
            fullWidth
            {...password}
          />
          <FormSubmitButton formRef={formRef} fullWidth disabled={login.isPending || login.isSuccess}>
            {game ? `Continue to ${GAME_LABELS[game]}` : 'Continue'}
          </FormSubmitButton>
        </Stack>
      </Box>
      {!flow.inCodeStep && (
        <WhenAppReady>
          {(ready) => (
            <PasskeySignInButton
              audience="player"
              onSignedIn={flow.answer}
              disabled={!ready || login.isPending || flow.signedIn}
            />
          )}
        </WhenAppReady>
      )}

      <Stack spacing={0.5} sx={{ mt: 2 }}>
        <Link component={RouterLink} to={PAGES.forgotPassword.path} variant="body2">
          Forgot your password?
        </Link>
        <Link component={RouterLink} to={PAGES.resendConfirmation.path} variant="body2">
          Didn't receive confirmation instructions?
        </Link>
      </Stack>

      <SocialButtons divider="or" />

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        justifyContent="space-between"
        sx={{ mt: 4 }}
        component="footer"
      >
        <Typography variant="body2" color="text.secondary">
          Don't have an account yet?{' '}
          <Link component={RouterLink} to={gamePageHref('register', game)}>
            Register
          </Link>
        </Typography>
        <Link href={SUPPORT_URL} target="_blank" rel="noopener noreferrer" variant="body2">
          Need Help
        </Link>
      </Stack>
    </AuthLayout>
  );
}
