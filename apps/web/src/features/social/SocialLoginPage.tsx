import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  PIN_LENGTH,
  SOCIAL_MESSAGES,
  type SocialUserReply,
  socialDetailsSchema,
  socialOutcomeHref,
} from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { type SanctionRefusal, sanctionRefusalOf } from '../../lib/standing-token';
import { AuthLayout } from '../../shell/AuthLayout';
import { FormTextField } from '../../shell/FormTextField';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { PAGES } from '../../shell/pages';
import { takeReturnPath } from '../../shell/return-path';
import { SanctionRefusalAlert } from '../../shell/SanctionRefusalAlert';
import { useSession } from '../../shell/session';
import { mfaSignIn, useSignInFlow } from '../mfa';
import { socialApi, useSaveSocialDetails } from './api';
import { decodeSocialState } from './state';

const PROFILE_DELAY_MS = 100;

/**
 * /social-login/{id}?token=...&state=...: after a Google or Facebook sign-in. The token is a single-use
 * exchange token: GET /api/get-user/{id} trades it for the user and a session. A login with a verified
 * email signs in and opens Profile after 100 ms; otherwise 'Set your game details' registers Caliber.
 */
export default function SocialLoginPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signInPlayer } = useSession();
  const [loaded, setLoaded] = useState<SocialUserReply | null>(null);
  // A sanction refuses the sign-in (403 ACCOUNT_SANCTIONED): its reason stays here, with the standing's link.
  const [refusal, setRefusal] = useState<SanctionRefusal | null>(null);
  // With two-step verification on, the exchange answers a challenge for the code step (its mfa_token).
  const flow = useSignInFlow<SocialUserReply>({
    verify: mfaSignIn.player,
    onSignedIn: continueWith,
    onBack: () => navigate(PAGES.login.path, { replace: true }),
  });
  const started = useRef(false);
  const token = params.get('token');
  const state = params.get('state');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      navigate(PAGES.login.path, { replace: true });
      return;
    }
    socialApi
      .user(id, token)
      .then((reply) => flow.answer(reply))
      .catch((error: unknown) => {
        const sanctioned = sanctionRefusalOf(error);
        if (sanctioned) setRefusal(sanctioned);
        else navigate(PAGES.login.path, { replace: true });
      });
  });

  /** A signed-in account: Profile after 100 ms when it can play, else 'Set your game details'. */
  function continueWith(reply: SocialUserReply) {
    flow.leaveCodeStep();
    const intent = decodeSocialState(state)?.intent;
    const verified = Boolean(reply.user.email_verified_at) && reply.isAuthenticated;
    const hasCaliber = reply.user.games.some((g) => g.name === 'caliber');
    if (verified && (intent === 'login' || hasCaliber)) {
      signInPlayer(reply.token, reply.user);
      flow.announce(() => navigate(takeReturnPath(PAGES.profile.path), { replace: true }), PROFILE_DELAY_MS);
      return;
    }
    setLoaded(reply);
  }

  return (
    <AuthLayout aside={{ title: 'Welcome to Caliber', text: 'One more step before you play.' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {refusal ? 'Sign-in refused' : 'Set your game details'}
      </Typography>
      {flow.signedIn && (
        <Alert severity="success" role="status">
          {ACCOUNT_MESSAGES.loginSuccess}
        </Alert>
      )}
      {flow.codeStep}
      {refusal && <SanctionRefusalAlert refusal={refusal} />}
      {!loaded && !refusal && !flow.signedIn && !flow.inCodeStep && (
        <Stack direction="row" spacing={2} alignItems="center" role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>Loading your account…</Typography>
        </Stack>
      )}
      {loaded && <SocialDetailsForm account={loaded} />}
    </AuthLayout>
  );
}

/** 'Set your game details' registers Caliber for the signed-in social account, then back to Login. */
function SocialDetailsForm({ account }: { account: SocialUserReply }) {
  const navigate = useNavigate();
  const { clearSession } = useSession();
  const saveDetails = useSaveSocialDetails();
  const form = useForm({
    resolver: zodResolver(socialDetailsSchema),
    mode: 'onTouched',
    defaultValues: { email: account.user.email, nickname: '', pin: '', password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit((details) =>
    saveDetails.mutate(
      { details, token: account.token },
      {
        onSuccess: () => {
          clearSession();
          navigate(socialOutcomeHref('true'), { replace: true });
        },
        // The spec logs the reason and lets Login say that it failed.
        onError: (error) => {
          console.error(errorMessage(error, SOCIAL_MESSAGES.detailsFailed));
          navigate(socialOutcomeHref('error'), { replace: true });
        },
      },
    ),
  );

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={onSubmit}>
      <FormTextField control={form.control} name="email" label="Email" disabled />
      <FormTextField control={form.control} name="nickname" label="Nickname" required autoFocus />
      <FormTextField
        control={form.control}
        name="pin"
        label={MESSAGES.pin}
        required
        type="password"
        autoComplete="off"
        transform={(text) => text.replace(/\D/g, '').slice(0, PIN_LENGTH)}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: PIN_LENGTH } }}
        hint="Used to sign in to the Caliber launcher."
      />
      <NewPasswordFields control={form.control} names={['password', 'confirmPassword']} required />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={saveDetails.isPending}
        startIcon={
          saveDetails.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
        }
      >
        Submit
      </Button>
    </Stack>
  );
}
