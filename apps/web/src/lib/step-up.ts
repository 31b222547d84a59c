import { STEP_UP_REQUIRED_CODE } from '@portal/contract/constants';

/**
 * Step-up ("confirm it's you", docs/decisions/0038-step-up.md). When the server answers 403
 * `{ code: 'STEP_UP_REQUIRED' }`, the API client asks the registered confirmer (the shell's one confirm
 * dialog) and, once the person has confirmed, repeats the request. Callers see either the success or the
 * original refusal (when the dialog is cancelled).
 */
export type StepUpAudience = 'player' | 'admin';

type Confirmer = (audience: StepUpAudience) => Promise<boolean>;

let confirmer: Confirmer | null = null;
/** The confirmation under way: requests refused at the same time share one dialog. */
let pending: Promise<boolean> | null = null;

/** Registers the dialog that confirms; returns the unregistration. */
export function setStepUpConfirmer(confirm: Confirmer): () => void {
  confirmer = confirm;
  return () => {
    if (confirmer === confirm) confirmer = null;
  };
}

/** Whether a refusal body asks for a step-up. */
export function isStepUpRequired(body: unknown): boolean {
  return (
    body !== null && typeof body === 'object' && (body as { code?: unknown }).code === STEP_UP_REQUIRED_CODE
  );
}

/** Asks the person to confirm it's them; true once they did, false when cancelled or nobody can ask. */
export function confirmStepUp(audience: StepUpAudience): Promise<boolean> {
  if (!confirmer) return Promise.resolve(false);
  if (!pending) {
    pending = confirmer(audience).finally(() => {
      pending = null;
    });
  }
  return pending;
}
