import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isRouteGame } from '../../lib/games';
import { AuthLayout } from '../../shell/AuthLayout';
import { PasswordField } from '../../shell/PasswordField';
import { accountsApi } from './api';
import { AccountFormIntro, errorText, type FormResult } from './EmailRequestForm';
import { DELAYS, LOGIN_TEXT } from './text';

/** /reset-password/{token}/{game}: sets a new password, then Login for the reply's game after 2 s. */
export default function ResetPasswordPage() {
  const { token = '', game = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<FormResult>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || result?.ok) return;
    if (password !== confirmation) {
      setResult({ ok: false, text: LOGIN_TEXT.passwordsDoNotMatch });
      return;
    }
    setPending(true);
    setResult(null);
    try {
      const reply = await accountsApi.resetPassword({
        new_password: password,
        new_password_confirmation: confirmation,
        token,
      });
      setResult({ ok: true, text: reply.message });
      const target = isRouteGame(reply.game) ? reply.game : isRouteGame(game) ? game : null;
      timer.current = setTimeout(
        () => navigate(target ? `/login/${target}` : '/login', { replace: true }),
        DELAYS.resetRedirect,
      );
    } catch (error) {
      setResult({ ok: false, text: errorText(error, 400) });
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthLayout aside={{ title: 'Change your Password', text: 'Choose a password of 8 to 70 characters.' }}>
      <AccountFormIntro
        title="Change your Password"
        instruction="Please enter your New Password"
        result={result}
      />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change your Password">
        <Stack spacing={2}>
          <PasswordField
            label="New Password"
            name="new_password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            helperText="Password must be 8-70 characters long."
          />
          <PasswordField
            label="Confirm Password"
            name="new_password_confirmation"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
          <Button type="submit" variant="contained" size="large" disabled={pending || result?.ok === true}>
            {pending ? 'Saving…' : 'Save'}
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        Don't have an account yet?{' '}
        <Link component={RouterLink} to={isRouteGame(game) ? `/register/${game}` : '/register'}>
          Register
        </Link>
      </Typography>
    </AuthLayout>
  );
}
