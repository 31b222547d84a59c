import { lazy, Suspense, useEffect, useState } from 'react';
import type { StepUp, StepUpAudience } from '../lib/step-up';

// The dialog (and the form code behind it) loads only when a change first asks for it.
const StepUpDialog = lazy(() => import('./StepUpDialog'));

interface Asking {
  audience: StepUpAudience;
  resolve: (confirmed: boolean) => void;
}

/**
 * Sets the one "Confirm it's you" dialog as the API client's confirmer (`stepUp`, lib/step-up.ts) and shows it
 * while a request waits for the confirmation; the request goes again once confirmed, or fails as refused when
 * not.
 */
export function StepUpHost({ stepUp }: { stepUp: Pick<StepUp, 'setConfirmer'> }) {
  const [asking, setAsking] = useState<Asking | null>(null);
  useEffect(
    () =>
      stepUp.setConfirmer((audience) => new Promise<boolean>((resolve) => setAsking({ audience, resolve }))),
    [stepUp],
  );
  if (!asking) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        audience={asking.audience}
        onDone={(confirmed) => {
          setAsking(null);
          asking.resolve(confirmed);
        }}
      />
    </Suspense>
  );
}
