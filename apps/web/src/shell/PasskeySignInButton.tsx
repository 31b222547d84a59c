import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { AdminLoginReply, LoginReply, PasskeyLoginOptionsReply } from '@portal/contract';
import { useState } from 'react';
import { ApiError, api } from '../lib/api';

/** What a failed passkey prompt tells the user: the browser's refusal is usually a closed prompt. */
export function passkeyError(error: unknown, fallback: string): string {
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'The passkey prompt was closed or timed out. Please try again.';
  if (error instanceof ApiError) return error.body.message;
  return fallback;
}

type Replies = { player: LoginReply; admin: AdminLoginReply };

/**
 * "Sign in with a passkey" on a login page (docs/decisions/0033-passkeys.md): a challenge, the browser's
 * prompt, then the audience's normal sign-in reply; a passkey alone signs in. The browser library loads
 * when the button is pressed, not before (/login's bundle budget).
 */
export function PasskeySignInButton<A extends keyof Replies>({
  audience,
  onSignedIn,
  disabled = false,
}: {
  audience: A;
  onSignedIn: (reply: Replies[A]) => void;
  disabled?: boolean;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    const base = audience === 'admin' ? '/api/admin/passkeys/login' : '/api/passkeys/login';
    setPending(true);
    setError(null);
    try {
      const { challenge_id, options } = await api.post<PasskeyLoginOptionsReply>(
        `${base}/options`,
        undefined,
        {
          auth: 'none',
        },
      );
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options as never });
      onSignedIn(await api.post<Replies[A]>(`${base}/verify`, { challenge_id, response }, { auth: 'none' }));
    } catch (failure) {
      setError(passkeyError(failure, 'The passkey sign-in did not work. Please try again.'));
      setPending(false);
    }
  };
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Button
        variant="outlined"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        disabled={disabled || pending}
        onClick={start}
      >
        Sign in with a passkey
      </Button>
    </>
  );
}
