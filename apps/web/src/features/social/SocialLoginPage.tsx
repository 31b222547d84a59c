import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, type SocialUserReply } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError, api } from '../../lib/api';
import { AuthLayout } from '../../shell/AuthLayout';
import { PasswordField } from '../../shell/PasswordField';
import { useSession } from '../../shell/session';
import { decodeSocialState } from './state';

/** The spec's client rules for this form: nickname required, passwords at least 8 and equal (70 not checked). */
const formSchema = z
  .object({
    nickname: z.string().trim().min(1, MESSAGES.nicknameRequired),
    pin: z.string().regex(/^\d{4}$/, MESSAGES.pin),
    password: z.string().min(8, MESSAGES.socialPasswordLength),
    confirmPassword: z.string().min(8, MESSAGES.socialPasswordLength),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.socialPasswordsMatch,
  });
type FormValues = z.infer<typeof formSchema>;

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
  const { signInPlayer, clearSession } = useSession();
  const [loaded, setLoaded] = useState<SocialUserReply | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const started = useRef(false);
  const token = params.get('token');
  const state = params.get('state');

  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: { nickname: '', pin: '', password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      navigate('/login', { replace: true });
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    api
      .get<SocialUserReply>(`/api/get-user/${encodeURIComponent(id)}`, { token })
      .then((reply) => {
        const intent = decodeSocialState(state)?.intent;
        const verified = Boolean(reply.user.email_verified_at) && reply.isAuthenticated;
        const hasCaliber = reply.user.games.some((g) => g.name === 'caliber');
        if (verified && (intent === 'login' || hasCaliber)) {
          signInPlayer(reply.token, reply.user);
          setSignedIn(true);
          timer = setTimeout(() => navigate('/profile', { replace: true }), PROFILE_DELAY_MS);
          return;
        }
        setLoaded(reply);
      })
      .catch(() => navigate('/login', { replace: true }));
    return () => clearTimeout(timer);
  }, [id, token, state, navigate, signInPlayer]);

  async function submit(values: FormValues) {
    if (!loaded) return;
    try {
      await api.put(
        '/api/register/details',
        { game: 'caliber', email: loaded.user.email, ...values },
        { token: loaded.token },
      );
      clearSession();
      navigate('/login?social=true', { replace: true });
    } catch (error) {
      console.error(
        error instanceof ApiError && error.body.message
          ? error.body.message
          : 'Failed to register for Caliber.',
      );
      navigate('/login?social=error', { replace: true });
    }
  }

  const { errors, isSubmitting } = form.formState;
  return (
    <AuthLayout aside={{ title: 'Welcome to Caliber', text: 'One more step before you play.' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        Set your game details
      </Typography>
      {signedIn && (
        <Alert severity="success" role="status">
          Login Successfully!
        </Alert>
      )}
      {!loaded && !signedIn && (
        <Stack direction="row" spacing={2} alignItems="center" role="status">
          <CircularProgress size={24} />
          <Typography>Loading your account…</Typography>
        </Stack>
      )}
      {loaded && (
        <Stack component="form" spacing={2} noValidate onSubmit={form.handleSubmit(submit)}>
          <TextField label="Email" value={loaded.user.email} disabled />
          <TextField
            label="Nickname"
            required
            autoFocus
            {...form.register('nickname')}
            error={Boolean(errors.nickname)}
            helperText={errors.nickname?.message}
          />
          <TextField
            label="PIN (4 digits)"
            required
            type="password"
            autoComplete="off"
            {...form.register('pin', {
              onChange: (e) => form.setValue('pin', String(e.target.value).replace(/\D/g, '').slice(0, 4)),
            })}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            error={Boolean(errors.pin)}
            helperText={errors.pin?.message ?? 'Used to sign in to the Caliber launcher.'}
          />
          <PasswordField
            label="Password"
            required
            autoComplete="new-password"
            {...form.register('password')}
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? MESSAGES.passwordHint}
          />
          <PasswordField
            label="Password Confirmation"
            required
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword?.message}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            Submit
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
