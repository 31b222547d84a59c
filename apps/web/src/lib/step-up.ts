import { STEP_UP_REQUIRED_CODE } from '@portal/contract/constants';

/**
 * Step-up ("confirm it's you", docs/decisions/0038-step-up.md). When the server answers 403
 * `{ code: 'STEP_UP_REQUIRED' }`, the API client asks the confirmer (the shell's one confirm dialog) and,
 * once the person has confirmed, repeats the request. Callers see either the success or the original refusal
 * (when the dialog is cancelled).
 */
export type StepUpAudience = 'player' | 'admin';

type Confirmer = (audience: StepUpAudience) => Promise<boolean>;

/** What the API client asks and the shell's dialog answers (one of each per app, composed in lib/api.ts). */
export interface StepUp {
  /** Sets the dialog that confirms; returns its removal. */
  setConfirmer(confirm: Confirmer): () => void;
  /** Asks the person to confirm it's them; true once they did, false when cancelled or nobody can ask. */
  confirm(audience: StepUpAudience): Promise<boolean>;
}

export function createStepUp(): StepUp {
  let confirmer: Confirmer | null = null;
  /** The confirmation under way: requests refused at the same time share one dialog. */
  let pending: Promise<boolean> | null = null;
  return {
    setConfirmer(confirm) {
      confirmer = confirm;
      return () => {
        if (confirmer === confirm) confirmer = null;
      };
    },
    confirm(audience) {
      if (!confirmer) return Promise.resolve(false);
      if (!pending) {
        pending = confirmer(audience).finally(() => {
          pending = null;
        });
      }
      return pending;
    },
  };
}

/** Whether a refusal body asks for a step-up. */
export function isStepUpRequired(body: unknown): boolean {
  return (
    body !== null && typeof body === 'object' && (body as { code?: unknown }).code === STEP_UP_REQUIRED_CODE
  );
}
