import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN, MESSAGES } from '@portal/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { GAME_LABELS, isRouteGame, ROUTE_GAMES } from '../../lib/games';
import { AuthLayout } from '../../shell/AuthLayout';
import { FOOTER_LINKS } from '../../shell/links';
import { PasswordField } from '../../shell/PasswordField';
import { AuthTabs } from './AuthTabs';
import { analytics } from './analytics';
import { accountsApi } from './api';
import { SocialButtons } from './SocialButtons';

/** The register modal's text: the first message of the first array-valued field, else the generic one. */
export function firstFieldError(error: unknown): string {
  if (error instanceof ApiError && error.body.errors) {
    const first = Object.values(error.body.errors).find((v) => Array.isArray(v) && v.length > 0);
    if (first?.[0]) return first[0];
  }
  return ACCOUNT_MESSAGES.unexpected;
}

const privacy = FOOTER_LINKS.find((l) => l.label === 'Privacy Policy')!.href;
const terms = FOOTER_LINKS.find((l) => l.label === 'Terms of Service')!.href;

export default function RegisterPage() {
  const params = useParams();
  const game = isRouteGame(params.game) ? params.game : null;
  const [query] = useSearchParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const ref = query.get('ref');

  const [values, setValues] = useState({
    name: '',
    nickname: '',
    email: '',
    password: '',
    confirmation: '',
    referralCode: query.get('referral_code') ?? ref ?? '',
  });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [agreed, setAgreed] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [modalError, setModalError] = useState<string | null>(null);

  // Tales Runner referral links: the 'ReferralVisit' marketing event, and the server counts the visit.
  const counted = useRef(false);
  useEffect(() => {
    if (game !== 'talesrunner' || !ref || counted.current) return;
    counted.current = true;
    analytics.trackCustom('ReferralVisit', { referral_code: ref });
    accountsApi.referralVisit(ref).catch(() => undefined);
  }, [game, ref]);

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const touch = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));

  const emailValid = EMAIL_PATTERN.test(values.email.trim());
  const rules = {
    name: values.name.trim().length > 0,
    nickname: game !== 'caliber' || values.nickname.trim().length > 0,
    email: emailValid,
    password: values.password.length > 0,
    confirmation: values.confirmation.length > 0 && values.confirmation === values.password,
  };
  const canSubmit = Boolean(game) && agreed && Object.values(rules).every(Boolean) && !pending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || !game) return;
    setPending(true);
    try {
      await accountsApi.register({
        name: values.name.trim(),
        ...(game === 'caliber' ? { nickname: values.nickname.trim() } : {}),
        email: values.email.trim(),
        password: values.password,
        password_confirmation: values.confirmation,
        selectedGame: game,
        referralCode: values.referralCode.trim() || null,
      });
      setDone(true);
    } catch (error) {
      setModalError(firstFieldError(error));
    } finally {
      setPending(false);
    }
  };

  const suffix = game ? `/${game}` : '';

  return (
    <AuthLayout
      aside={{
        title: 'Create your player account',
        text: 'Register once, then play Caliber and Tales Runner and shop the webshops with the same account.',
      }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, letterSpacing: '0.04em' }}>
        REGISTER
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {game ? `Create your ${GAME_LABELS[game]} account.` : 'Choose the game you want to register for.'}
      </Typography>

      <AuthTabs current="register" suffix={suffix} />

      <TextField
        select
        label="Game"
        required
        fullWidth
        value={game ?? ''}
        onChange={(e) => navigate(`/register/${e.target.value}${search}`)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ mb: 2 }}
      >
        <option value="" disabled>
          Select a game
        </option>
        {ROUTE_GAMES.map((g) => (
          <option key={g} value={g}>
            {GAME_LABELS[g]}
          </option>
        ))}
      </TextField>

      {game && (
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Register">
          <Stack spacing={2}>
            <TextField
              label="Full Name"
              name="name"
              required
              autoComplete="name"
              value={values.name}
              onChange={set('name')}
              onBlur={touch('name')}
              error={touched.name && !rules.name}
              helperText={touched.name && !rules.name ? MESSAGES.required : undefined}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            {game === 'caliber' && (
              <TextField
                label="Nickname"
                name="nickname"
                required
                autoComplete="nickname"
                value={values.nickname}
                onChange={set('nickname')}
                onBlur={touch('nickname')}
                error={touched.nickname && !rules.nickname}
                helperText={touched.nickname && !rules.nickname ? MESSAGES.required : undefined}
                slotProps={{ htmlInput: { maxLength: 30 } }}
              />
            )}
            <TextField
              label="Email"
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="email"
              value={values.email}
              onChange={set('email')}
              onBlur={touch('email')}
              error={touched.email && !emailValid}
              helperText={
                touched.email && !emailValid
                  ? values.email
                    ? MESSAGES.emailBlur
                    : MESSAGES.emailRequired
                  : undefined
              }
            />
            <PasswordField
              label="Password"
              name="password"
              required
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              onBlur={touch('password')}
              error={touched.password && !rules.password}
              helperText={MESSAGES.passwordHint}
            />
            <PasswordField
              label="Password Confirmation"
              name="password_confirmation"
              required
              autoComplete="new-password"
              value={values.confirmation}
              onChange={set('confirmation')}
              onBlur={touch('confirmation')}
              error={touched.confirmation && !rules.confirmation}
              helperText={
                touched.confirmation && !rules.confirmation ? MESSAGES.passwordsDoNotMatch : undefined
              }
            />
            <TextField
              label="Referral Code (optional)"
              name="referralCode"
              value={values.referralCode}
              onChange={set('referralCode')}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
            <FormControlLabel
              control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} required />}
              // MUI adds the required asterisk after the label; an inline label keeps it on the same line.
              label={
                <Typography variant="body2" component="span">
                  I agree to the{' '}
                  <Link href={terms} target="_blank" rel="noopener noreferrer">
                    Terms of Service
                  </Link>{' '}
                  and the{' '}
                  <Link href={privacy} target="_blank" rel="noopener noreferrer">
                    Privacy Policy
                  </Link>
                </Typography>
              }
            />
            <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
              {pending ? 'Submitting…' : 'Submit'}
            </Button>
          </Stack>
        </Box>
      )}

      <SocialButtons divider="or sign up with" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={`/login${suffix}`}>
          Login
        </Link>
      </Typography>

      <Dialog open={done} aria-labelledby="register-success-title">
        <DialogTitle id="register-success-title">{ACCOUNT_MESSAGES.registrationSuccessTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Please check your email to verify your account. If you cannot find the email, check your spam
            folder. Then log in.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => window.location.reload()} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={modalError !== null}
        onClose={() => setModalError(null)}
        aria-labelledby="register-error-title"
      >
        <DialogTitle id="register-error-title">Error</DialogTitle>
        <DialogContent>
          <DialogContentText>{modalError}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setModalError(null)} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </AuthLayout>
  );
}
