/** An email verification's outcome, as its page shows it and hands it on to the login page it leads to. */
export interface VerificationNotice {
  ok: boolean;
  text: string;
}

/** The navigation state that carries `notice` to the login page. */
export const verificationState = (notice: VerificationNotice) => ({ verification: notice });

/** The notice in a location's state, when it holds one (state is whatever history kept: checked). */
export function verificationNoticeOf(state: unknown): VerificationNotice | null {
  if (state === null || typeof state !== 'object') return null;
  const notice = (state as { verification?: unknown }).verification;
  if (notice === null || typeof notice !== 'object') return null;
  const { ok, text } = notice as { ok?: unknown; text?: unknown };
  return typeof ok === 'boolean' && typeof text === 'string' ? { ok, text } : null;
}
