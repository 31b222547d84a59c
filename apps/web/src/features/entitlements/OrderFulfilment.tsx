import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Delivery, type Entitlement, GAME_LABELS } from '@portal/contract';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { CenteredSpinner } from '../../shell/CenteredSpinner';
import { useOrderFulfilment } from './api';
import { DeliveryStatusChip, EntitlementStatusChip, EVENT_LABELS, lastAttemptText } from './labels';

const itemSx = { listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 } as const;

function Line({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

function EntitlementItem({ entitlement: e }: { entitlement: Entitlement }) {
  return (
    <Box component="li" sx={itemSx}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
        <Typography sx={{ fontWeight: 600, mr: 1 }}>
          {e.name} × {e.quantity}
        </Typography>
        <EntitlementStatusChip status={e.status} />
      </Stack>
      <Line>
        {GAME_LABELS[e.game]} · {e.sku} · granted {formatDateTime(e.granted_at)}
      </Line>
      {e.consumed_at && <Line>Collected by the game {formatDateTime(e.consumed_at)}</Line>}
      {e.revoked_at && <Line>Revoked {formatDateTime(e.revoked_at)}</Line>}
      {e.clawback && (
        <Typography variant="body2" color="warning.main" sx={{ fontWeight: 600 }}>
          Revoked after the game had collected it: the game takes the items back.
        </Typography>
      )}
    </Box>
  );
}

function DeliveryItem({ delivery: d }: { delivery: Delivery }) {
  return (
    <Box component="li" sx={itemSx}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 0.5 }}>
        <Typography sx={{ fontWeight: 600, mr: 1 }}>
          {GAME_LABELS[d.game]} · {EVENT_LABELS[d.type]}
        </Typography>
        <DeliveryStatusChip status={d.status} />
      </Stack>
      <Line>
        {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'} · {lastAttemptText(d)}
      </Line>
      {d.delivered_at && <Line>Delivered {formatDateTime(d.delivered_at)}</Line>}
      {d.next_attempt_at && <Line>Next attempt {formatDateTime(d.next_attempt_at)}</Line>}
    </Box>
  );
}

/** An order's entitlements (what it owes the game) and the webhooks that told the game about them. */
function OrderFulfilment({ txnid }: { txnid: string }) {
  const fulfilment = useOrderFulfilment(txnid);
  if (fulfilment.isPending) return <CenteredSpinner size="section" label="Loading the order's items" />;
  if (fulfilment.isError)
    return (
      <Alert severity="error">
        {errorMessage(fulfilment.error, "The order's items could not be loaded.")}
      </Alert>
    );
  const { entitlements, deliveries } = fulfilment.data;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          Entitlements
        </Typography>
        {entitlements.length === 0 ? (
          <Typography color="text.secondary">None: the game is owed nothing for this order.</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label="Entitlements">
            {entitlements.map((e) => (
              <EntitlementItem key={e.id} entitlement={e} />
            ))}
          </Stack>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          Deliveries
        </Typography>
        {deliveries.length === 0 ? (
          <Typography color="text.secondary">No webhook was sent for this order.</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} aria-label="Deliveries">
            {deliveries.map((d) => (
              <DeliveryItem key={d.id} delivery={d} />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

/** The order's items and deliveries in a dialog; `children` come first (e.g. the order's dispute notes). */
export function OrderFulfilmentDialog({
  txnid,
  onClose,
  children,
}: {
  /** The order to show; the dialog is closed while null. */
  txnid: string | null;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={txnid !== null}
      onClose={onClose}
      aria-labelledby="fulfilment-title"
      fullWidth
      maxWidth="sm"
    >
      {txnid && (
        <>
          <DialogTitle id="fulfilment-title" sx={{ overflowWrap: 'anywhere' }}>
            Order {txnid}
          </DialogTitle>
          <DialogContent>
            {children}
            <OrderFulfilment txnid={txnid} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
