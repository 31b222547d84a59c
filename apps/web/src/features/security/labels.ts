import { SECURITY_EVENT_LABELS, type SecurityEvent } from '@portal/contract';

/** How a sign-in was made, as the server notes it in `detail`. */
const METHODS: Record<string, string> = {
  password: 'with the password',
  google: 'with Google',
  facebook: 'with Facebook',
  'launcher-password': 'in the Caliber launcher, with the password',
  'launcher-pin': 'in the Caliber launcher, with the PIN',
  'this session': 'this session (signed out)',
  passkey: 'with a passkey',
};

/** What a two-step code was for, as the server notes it in `detail` of the code events. */
const PURPOSES: Record<string, string> = {
  login: 'when signing in',
  social: 'when signing in with Google or Facebook',
  launcher: 'when signing in to the Caliber launcher',
  admin: 'when signing in to the back office',
  enable: 'when turning two-step verification on',
  disable: 'when turning two-step verification off',
  'step-up': 'when confirming it’s you',
  deletion: 'when asking to delete the account',
  'email-change': 'when changing the email address',
  'password-change': 'when changing the password',
};
const CODE_KINDS: ReadonlySet<string> = new Set(['mfa_succeeded', 'mfa_failed', 'recovery_code_used']);

/** An event's label; a kind this page does not know yet (a newer server) reads as plain activity. */
export const eventLabel = (kind: string): string =>
  (SECURITY_EVENT_LABELS as Record<string, string>)[kind] ?? 'Other account activity';

const REASONS: Record<string, string> = {
  suspended: 'the account is suspended',
  unverified: 'the email address is not verified yet',
  inactive: 'the account is inactive',
};

/** The history line's second part, or null: the method, the reason of a refusal, how many were signed out. */
export function eventDetail(event: Pick<SecurityEvent, 'kind' | 'detail'>): string | null {
  if (!event.detail) return null;
  if (event.kind === 'other_sessions_revoked') {
    return event.detail === '1' ? '1 session' : `${event.detail} sessions`;
  }
  if (CODE_KINDS.has(event.kind)) return PURPOSES[event.detail] ?? null;
  const [method = '', reason] = event.detail.split(': ');
  const how = METHODS[method] ?? method;
  return reason ? `${how}; ${REASONS[reason] ?? reason}` : how;
}
