import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { OrderRow } from '@portal/contract';
import { formatDateTime } from '../../lib/format';

/** What Xsolla told about the order for finance: a refund that named fraud, the card holder's dispute. */
export function DisputeNotes({ order }: { order: Pick<OrderRow, 'fraud' | 'dispute'> }) {
  const { fraud, dispute } = order;
  if (!fraud && !dispute) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {fraud && (
        <Alert severity="error">
          Refunded for fraud (Xsolla code {fraud.code}): {fraud.reason}.
        </Alert>
      )}
      {dispute && (
        <Alert severity="warning">
          The card holder disputes the payment: {dispute.status}
          {dispute.type && `, ${dispute.type}`}
          {dispute.reason && `, reason ${dispute.reason}`}. Opened {formatDateTime(dispute.opened_at)}, last
          heard {formatDateTime(dispute.updated_at)}.
        </Alert>
      )}
    </Stack>
  );
}
