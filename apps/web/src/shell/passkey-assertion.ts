import { passkeysEndpoints } from '@portal/contract';
import { call } from '../lib/api';

/**
 * The browser's proof with a passkey (docs/decisions/0033-passkeys.md): the audience's challenge, the
 * browser's prompt, and what goes back (`challenge_id` and the response). Shared by the sign-in button and
 * the step-up dialog; the browser library loads when it is asked for, not before (/login's bundle budget).
 */
export async function passkeyAssertion(audience: 'player' | 'admin') {
  const { challenge_id, options } = await call(
    audience === 'admin' ? passkeysEndpoints.adminLoginOptions : passkeysEndpoints.loginOptions,
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options });
  // Spread: the browser's interface has no index signature, the contract's passthrough object does.
  return { challenge_id, response: { ...response } };
}
