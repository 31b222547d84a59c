import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiErrorCode, MessageReply } from '@portal/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { AuthLayout } from '../../shell/AuthLayout';
import { FormSubmitButton } from '../../shell/FormSubmitButton';
import { FormTextField } from '../../shell/FormTextField';
import { PAGES } from '../../shell/pages';
import type { EmailRequest } from './api';

/** The text an account screen shows for a failed call: `error` on the given code, else the message. */
export function errorText(error: unknown, code: ApiErrorCode): string {
  if (error instanceof ApiError) {
    if (error.code === code && error.body.error) return error.body.error;
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
        to={PAGES.login.path}
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

/**
 * Resend verification and forgot password: one email field and a Send button. No client-side checks (spec
 * section 5); the server's 422 shows under the field.
 */
export function EmailRequestForm(props: {
  title: string;
  subtitle?: string;
  instruction: string;
  request: UseMutationResult<MessageReply, Error, EmailRequest>;
  extraLinks?: ReactNode;
}) {
  const { request } = props;
  const form = useForm<EmailRequest>({ defaultValues: { email: '' } });
  const [result, setResult] = useState<FormResult>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = form.handleSubmit((values) => {
    setResult(null);
    request.mutate(values, {
      onSuccess: (reply) => setResult({ ok: true, text: reply.message }),
      onError: (error) => {
        if (!showFieldErrors(error, form)) setResult({ ok: false, text: errorText(error, 'NOT_FOUND') });
      },
    });
  });

  return (
    <AuthLayout aside={{ title: props.title, text: props.instruction }}>
      <AccountFormIntro
        title={props.title}
        subtitle={props.subtitle}
        instruction={props.instruction}
        result={result}
      />
      <Box component="form" ref={formRef} noValidate onSubmit={onSubmit} aria-label={props.title}>
        <Stack spacing={2}>
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="email"
          />
          <FormSubmitButton formRef={formRef} disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Send'}
          </FormSubmitButton>
        </Stack>
      </Box>
      {props.extraLinks}
    </AuthLayout>
  );
}
