import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Delivery, DeliveryStatus, EntitlementStatus, GameWebhookEventType } from '@portal/contract';
import { formatDateTime } from '../../lib/format';

const DELIVERY_STATUS = {
  pending: { label: 'Pending', color: 'warning' },
  delivered: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
} as const satisfies Record<DeliveryStatus, { label: string; color: ChipProps['color'] }>;

const ENTITLEMENT_STATUS = {
  pending: { label: 'Not yet collected', color: 'warning' },
  consumed: { label: 'Collected by the game', color: 'success' },
  revoked: { label: 'Revoked', color: 'default' },
} as const satisfies Record<EntitlementStatus, { label: string; color: ChipProps['color'] }>;

/** What each webhook event means, in the log's words. */
export const EVENT_LABELS: Record<GameWebhookEventType, string> = {
  'entitlement.granted': 'Items granted',
  'entitlement.revoked': 'Items revoked',
  ping: 'Test ping',
  'player.sanctioned': 'Player sanctioned',
  'player.sanction_lifted': 'Sanction lifted',
};

export function DeliveryStatusChip({ status }: { status: DeliveryStatus }) {
  const { label, color } = DELIVERY_STATUS[status];
  return <Chip size="small" label={label} color={color} />;
}

export function EntitlementStatusChip({ status }: { status: EntitlementStatus }) {
  const { label, color } = ENTITLEMENT_STATUS[status];
  return (
    <Chip size="small" label={label} color={color} variant={status === 'revoked' ? 'outlined' : 'filled'} />
  );
}

/** How the last attempt went: the receiver's HTTP status and error, or that it could not be reached. */
export function lastAttemptText(delivery: Delivery): string {
  if (delivery.attempts === 0) return 'Not tried yet';
  const answer = delivery.last_status === null ? 'Not reached' : `HTTP ${delivery.last_status}`;
  return delivery.last_error && delivery.last_error !== answer ? `${answer}: ${delivery.last_error}` : answer;
}

/** How an attempt made at once (a test ping, a retry) went, after `what` ("Yggdra: test ping"). */
export function attemptOutcome(what: string, delivery: Delivery): { ok: boolean; text: string } {
  if (delivery.status === 'delivered')
    return { ok: true, text: `${what} delivered (${lastAttemptText(delivery)}).` };
  const later = delivery.next_attempt_at ? ` Tried again ${formatDateTime(delivery.next_attempt_at)}.` : '';
  return { ok: false, text: `${what} not delivered (${lastAttemptText(delivery)}).${later}` };
}
