import { zodResolver } from '@hookform/resolvers/zod';
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
import {
  ACCOUNT_MESSAGES,
  GAME_LABELS,
  gamePageHref,
  isRouteGame,
  NAME_MAX,
  NICKNAME_MAX,
  ROUTE_GAMES,
  type RouteGame,
  registerFormSchema,
} from '@portal/contract';
import { memo, useEffect, useRef } from 'react';
import { type Control, useController, useForm } from 'react-hook-form';
import {
  generatePath,
  Link as RouterLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { AuthLayout } from '../../shell/AuthLayout';
import { FormSubmitButton } from '../../shell/FormSubmitButton';
import { FormTextField, NATIVE_SELECT } from '../../shell/FormTextField';
import { FOOTER_LINKS } from '../../shell/links';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { PAGES } from '../../shell/pages';
import { AuthTabs } from './AuthTabs';
import { analytics } from './analytics';
import { accountsApi, useRegister } from './api';
import { SocialButtons } from './SocialButtons';

/** The register modal's text: the first message of the first array-valued field, else the generic one. */
function firstFieldError(error: unknown): string {
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

  // Tales Runner referral links: the 'ReferralVisit' marketing event, and the server counts the visit.
  const counted = useRef(false);
  useEffect(() => {
    if (game !== 'talesrunner' || !ref || counted.current) return;
    counted.current = true;
    analytics.trackCustom('ReferralVisit', { referral_code: ref });
    accountsApi.referralVisit({ referral_code: ref }).catch(() => undefined);
  }, [game, ref]);

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

      <AuthTabs current="register" game={game} />

      <TextField
        select
        label="Game"
        required
        fullWidth
        value={game ?? ''}
        onChange={(e) =>
          navigate(`${generatePath(PAGES.registerForGame.path, { game: e.target.value })}${search}`)
        }
        slotProps={NATIVE_SELECT}
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
        // A new game is a new form: the nickname comes and goes with Caliber.
        <RegisterForm key={game} game={game} referralCode={query.get('referral_code') ?? ref ?? ''} />
      )}

      <SocialButtons divider="or sign up with" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={gamePageHref('login', game)}>
          Login
        </Link>
      </Typography>
    </AuthLayout>
  );
}

/** The register form: Submit stays disabled until every rule of the spec holds (section 5). */
function RegisterForm({ game, referralCode }: { game: RouteGame; referralCode: string }) {
  const register = useRegister();
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      nickname: '',
      email: '',
      password: '',
      password_confirmation: '',
      selectedGame: game,
      referralCode,
      agreed: false,
    },
  });
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = form.handleSubmit(({ agreed: _agreed, ...request }) => register.mutate(request));
  // The spec's Error modal shows the server's first message; closing it leaves each message under its field.
  const closeError = () => {
    showFieldErrors(register.error, form);
    register.reset();
  };

  return (
    <>
      <Box component="form" ref={formRef} noValidate onSubmit={onSubmit} aria-label="Register">
        <Stack spacing={2}>
          <RegisterFields control={form.control} game={game} />
          <FormSubmitButton formRef={formRef} disabled={!form.formState.isValid || register.isPending}>
            {register.isPending ? 'Submitting…' : 'Submit'}
          </FormSubmitButton>
        </Stack>
      </Box>

      <Dialog open={register.isSuccess} aria-labelledby="register-success-title">
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

      <Dialog open={register.isError} onClose={closeError} aria-labelledby="register-error-title">
        <DialogTitle id="register-error-title">Error</DialogTitle>
        <DialogContent>
          <DialogContentText>{firstFieldError(register.error)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={closeError} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The register form's fields. Each reads its own value and message from the form, so they are rendered once
 * and skipped when the form itself renders again: react-hook-form does so as it mounts (in a layout effect,
 * so synchronously, right after a prerendered page hydrates: a long task on a phone).
 */
const RegisterFields = memo(function RegisterFields({
  control,
  game,
}: {
  control: Control<z.input<typeof registerFormSchema>, unknown, z.output<typeof registerFormSchema>>;
  game: RouteGame;
}) {
  const agreement = useController({ control, name: 'agreed' });
  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label="Full Name"
        required
        autoComplete="name"
        slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
      />
      {game === 'caliber' && (
        <FormTextField
          control={control}
          name="nickname"
          label="Nickname"
          required
          autoComplete="nickname"
          slotProps={{ htmlInput: { maxLength: NICKNAME_MAX } }}
        />
      )}
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        required
        autoComplete="email"
        placeholder="email"
      />
      <NewPasswordFields control={control} names={['password', 'password_confirmation']} required />
      <FormTextField
        control={control}
        name="referralCode"
        label="Referral Code (optional)"
        slotProps={{ htmlInput: { maxLength: 64 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            name={agreement.field.name}
            checked={agreement.field.value}
            onChange={(e) => agreement.field.onChange(e.target.checked)}
            onBlur={agreement.field.onBlur}
            inputRef={agreement.field.ref}
            required
          />
        }
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
    </>
  );
});
