import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../lib/api';
import { AuthLayout } from '../../shell/AuthLayout';

/** The text an account screen shows for a failed call: `error` on the given status, else the message. */
export function errorText(error: unknown, status: number): string {
  if (error instanceof ApiError) {
    if (error.status === status && typeof error.body.error === 'string') return error.body.error;
    return error.body.message;
  }
  return 'An unexpected error occurred.';
}

export type FormResult = { ok: boolean; text: string } | null;

/**
 * The top of the account email/password forms: "Back to Sign In", the title (and subtitle), the instruction,
 * and the last submit's result.
 */
export function AccountFormIntro({
  title,
  subtitle,
  instruction,
  result,
}: {
  title: string;
  subtitle?: string;
  instruction: string;
  result: FormResult;
}) {
  return (
    <>
      <Link
        component={RouterLink}
        to="/login"
        variant="body2"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 3 }}
      >
        <ArrowBackIcon fontSize="small" /> Back to Sign In
      </Link>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="h6" component="p" color="text.secondary">
          {subtitle}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {instruction}
      </Typography>
      {result && (
        <Alert
          severity={result.ok ? 'success' : 'error'}
          sx={{ mb: 2 }}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.text}
        </Alert>
      )}
    </>
  );
}

/** Resend verification and forgot password: one email field and a Send button (no client-side checks). */
export function EmailRequestForm(props: {
  title: string;
  subtitle?: string;
  instruction: string;
  send: (email: string) => Promise<{ message: string }>;
  extraLinks?: ReactNode;
}) {
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<FormResult>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setResult(null);
    try {
      const reply = await props.send(email);
      setResult({ ok: true, text: reply.message });
    } catch (error) {
      setResult({ ok: false, text: errorText(error, 404) });
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthLayout aside={{ title: props.title, text: props.instruction }}>
      <AccountFormIntro
        title={props.title}
        subtitle={props.subtitle}
        instruction={props.instruction}
        result={result}
      />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={props.title}>
        <Stack spacing={2}>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            {pending ? 'Sending…' : 'Send'}
          </Button>
        </Stack>
      </Box>
      {props.extraLinks}
    </AuthLayout>
  );
}
