import type { StaffSanction } from '@portal/contract';
import { type ReactNode, useState } from 'react';
import { scopeCell } from '../standing';
import { useLiftSanction } from './api';
import { ReasonDialog } from './ReasonDialog';

/**
 * Lift with a reason (kept with the sanction and in the audit trail); it needs a recent proof, which the API
 * client asks for. Returns the dialog to render and what opens it for a sanction.
 */
export function useLiftDialog(onLifted: () => void): [ReactNode, (sanction: StaffSanction) => void] {
  const [lifting, setLifting] = useState<StaffSanction | null>(null);
  const lift = useLiftSanction();
  const dialog = lifting && (
    <ReasonDialog
      title="Lift this sanction?"
      text={`${scopeCell(lifting.scope, lifting.game)} of ${lifting.player_name} ends now.`}
      confirm="Lift"
      label="Why lift it?"
      send={(reason) => lift.mutateAsync({ id: lifting.id, reason })}
      onClose={() => setLifting(null)}
      onDone={() => {
        setLifting(null);
        onLifted();
      }}
    />
  );
  return [dialog, setLifting];
}
