import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { staffAcceptFormSchema } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { AuthLayout } from '../../shell/AuthLayout';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { PAGES } from '../../shell/pages';
import { useAcceptInvitation } from './api';

/** After the account is ready, the admin sign-in follows after this long (time to read the message). */
const REDIRECT_MS = 2000;

/**
 * /mlg/admin/accept/{token}: the invited staff member chooses a password; their account is made with the
 * invited role and the admin sign-in follows (two-step setup comes at first sign-in where it is required).
 */
export default function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useForm({
    resolver: zodResolver(staffAcceptFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = form.handleSubmit(({ password }) => {
    setResult(null);
    accept.mutate(
      { token, password },
      {
        onSuccess: (reply) => {
          setResult({ ok: true, text: reply.message });
          timer.current = setTimeout(() => navigate(PAGES.adminLogin.path, { replace: true }), REDIRECT_MS);
        },
        onError: (error) => {
          if (!showFieldErrors(error, form))
            setResult({ ok: false, text: errorMessage(error, 'Your account could not be set up.') });
        },
      },
    );
  });

  return (
    <AuthLayout aside={{ title: 'Join the back-office', text: 'Choose a password of 8 to 70 characters.' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Set up your staff account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Choose the password you will sign in with.
      </Typography>
      {result && (
        <Alert
          severity={result.ok ? 'success' : 'error'}
          role={result.ok ? 'status' : 'alert'}
          sx={{ mb: 2 }}
        >
          {result.text}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Set up your staff account">
        <Stack spacing={2}>
          <NewPasswordFields
            control={form.control}
            names={['password', 'password_confirmation']}
            labels={['Password', 'Confirm Password']}
            required
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={accept.isPending || accept.isSuccess}
          >
            {accept.isPending ? 'Saving…' : 'Set password'}
          </Button>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
