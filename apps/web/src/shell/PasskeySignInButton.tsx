import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type AdminLoginReply, type LoginReply, passkeysEndpoints } from '@portal/contract';
import { useState } from 'react';
import { ApiError, call } from '../lib/api';

/** What a failed passkey prompt tells the user: the browser's refusal is usually a closed prompt. */
export function passkeyError(error: unknown, fallback: string): string {
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'The passkey prompt was closed or timed out. Please try again.';
  if (error instanceof ApiError) return error.body.message;
  return fallback;
}

type Replies = { player: LoginReply; admin: AdminLoginReply };

const signInEndpoints = {
  player: { options: passkeysEndpoints.loginOptions, verify: passkeysEndpoints.loginVerify },
  admin: { options: passkeysEndpoints.adminLoginOptions, verify: passkeysEndpoints.adminLoginVerify },
};

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
    setPending(true);
    setError(null);
    try {
      const endpoints = signInEndpoints[audience];
      const { challenge_id, options } = await call(endpoints.options);
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options as never });
      // Spread: the browser's interface has no index signature, the contract's passthrough object does.
      const reply = await call(endpoints.verify, { body: { challenge_id, response: { ...response } } });
      onSignedIn(reply as Replies[A]);
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
