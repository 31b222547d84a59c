import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatPrice, type OrderRow, refundRequestSchema } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { FormTextField } from '../../shell/FormTextField';
import { useRefundOrder } from './api';

interface Props {
  /** The order to refund; the dialog is closed while null. */
  order: OrderRow | null;
  onClose: () => void;
  /** With the server's message, once the order is refunded. */
  onRefunded: (message: string) => void;
}

/** Asks why, then refunds the order's whole amount through the payment provider (decision 0034). */
export function RefundDialog({ order, onClose, onRefunded }: Props) {
  const refund = useRefundOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(refundRequestSchema), defaultValues: { reason: '' } });

  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };

  const submit = form.handleSubmit((values) => {
    if (!order) return;
    setFailure(null);
    refund.mutate(
      { txnid: order.txnid, ...values },
      {
        onSuccess: (reply) => {
          close();
          onRefunded(reply.message);
        },
        onError: (error) => {
          if (!showFieldErrors(error, form))
            setFailure(errorMessage(error, 'The order could not be refunded.'));
        },
      },
    );
  });

  return (
    <Dialog open={order !== null} onClose={close} aria-labelledby="refund-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="refund-title">Refund this order?</DialogTitle>
        <DialogContent>
          {order && (
            <DialogContentText sx={{ mb: 2 }}>
              {formatPrice(order.price, order.currency)} goes back to the player for order {order.txnid}. The
              player is emailed; this cannot be undone.
            </DialogContentText>
          )}
          <FormTextField
            control={form.control}
            name="reason"
            label="Reason"
            hint="Kept with the order and in the audit trail."
            multiline
            minRows={2}
            fullWidth
            required
            autoFocus
          />
          {failure && (
            <DialogContentText role="alert" color="error" sx={{ mt: 2 }}>
              {failure}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding…' : 'Refund'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
