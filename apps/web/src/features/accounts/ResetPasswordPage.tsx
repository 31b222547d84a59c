import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { gamePageHref, isRouteGame, resetPasswordFormSchema } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { showFieldErrors } from '../../lib/form-errors';
import { AuthLayout } from '../../shell/AuthLayout';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { useResetPassword } from './api';
import { DELAYS } from './delays';
import { AccountFormIntro, errorText, type FormResult } from './EmailRequestForm';

/** /reset-password/{token}/{game}: sets a new password, then Login for the reply's game after 2 s. */
export default function ResetPasswordPage() {
  const { token = '', game = '' } = useParams();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { new_password: '', new_password_confirmation: '' },
  });
  const [result, setResult] = useState<FormResult>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = form.handleSubmit((values) => {
    setResult(null);
    resetPassword.mutate(
      { ...values, token },
      {
        onSuccess: (reply) => {
          setResult({ ok: true, text: reply.message });
          const target = isRouteGame(reply.game) ? reply.game : isRouteGame(game) ? game : null;
          timer.current = setTimeout(
            () => navigate(gamePageHref('login', target), { replace: true }),
            DELAYS.resetRedirect,
          );
        },
        onError: (error) => {
          if (!showFieldErrors(error, form)) setResult({ ok: false, text: errorText(error, 'LINK_INVALID') });
        },
      },
    );
  });

  return (
    <AuthLayout aside={{ title: 'Change your Password', text: 'Choose a password of 8 to 70 characters.' }}>
      <AccountFormIntro
        title="Change your Password"
        instruction="Please enter your New Password"
        result={result}
      />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change your Password">
        <Stack spacing={2}>
          <NewPasswordFields
            control={form.control}
            names={['new_password', 'new_password_confirmation']}
            labels={['New Password', 'Confirm Password']}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={resetPassword.isPending || resetPassword.isSuccess}
          >
            {resetPassword.isPending ? 'Saving…' : 'Save'}
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        Don't have an account yet?{' '}
        <Link component={RouterLink} to={gamePageHref('register', isRouteGame(game) ? game : null)}>
          Register
        </Link>
      </Typography>
    </AuthLayout>
  );
}
