import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { AdminLoginReply, LoginReply } from '@portal/contract';
import { useState } from 'react';
import { ApiError, call } from '../lib/api';
import { type SanctionRefusal, sanctionRefusalOf } from '../lib/standing-token';
import { SanctionRefusalAlert } from './SanctionRefusalAlert';

/** What a failed passkey prompt tells the user: the browser's refusal is usually a closed prompt. */
export function passkeyError(error: unknown, fallback: string): string {
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'The passkey prompt was closed or timed out. Please try again.';
  if (error instanceof ApiError) return error.body.message;
  return fallback;
}

/** Which sign-in: a player's (the /login reply) or a staff member's (the admin login reply). */
type Audience =
  | { audience: 'player'; onSignedIn: (reply: LoginReply) => void }
  | { audience: 'admin'; onSignedIn: (reply: AdminLoginReply) => void };

/**
 * "Sign in with a passkey" on a login page (docs/decisions/0033-passkeys.md): the browser's proof, then the
 * audience's normal sign-in reply; a passkey alone signs in.
 */
export function PasskeySignInButton({ disabled = false, ...props }: Audience & { disabled?: boolean }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<SanctionRefusal | null>(null);
  const start = async () => {
    setPending(true);
    setError(null);
    setRefusal(null);
    try {
      // The prompt's code and the endpoints load when the button is pressed (decision 0060).
      const [{ passkeyAssertion }, { passkeysEndpoints }] = await Promise.all([
        import('./passkey-assertion'),
        import('@portal/contract/endpoints/passkeys'),
      ]);
      const body = await passkeyAssertion(props.audience);
      if (props.audience === 'admin')
        props.onSignedIn(await call(passkeysEndpoints.adminLoginVerify, { body }));
      else props.onSignedIn(await call(passkeysEndpoints.loginVerify, { body }));
    } catch (failure) {
      const sanctioned = sanctionRefusalOf(failure);
      if (sanctioned) setRefusal(sanctioned);
      else setError(passkeyError(failure, 'The passkey sign-in did not work. Please try again.'));
      setPending(false);
    }
  };
  return (
    <>
      {refusal && <SanctionRefusalAlert refusal={refusal} sx={{ mt: 2 }} />}
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
