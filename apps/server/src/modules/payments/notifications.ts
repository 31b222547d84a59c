import { MESSAGES, toCents } from '@portal/contract';
import { z } from 'zod';
import { UNSAFE_IN_TEXT, unsafeTextPaths } from '../../lib/unsafe-text';

const NOT_AN_OBJECT = 'The notification body is not a JSON object.';
const TYPE_MISSING = 'notification_type is missing.';
const TRANSACTION_ID = 'transaction.id is required.';
const EXTERNAL_ID = 'transaction.external_id must be the txnid of an order.';
const DISPUTE = 'dispute.status is required.';
const ORDER_ID = 'order.id is required.';

/** An id as text: Xsolla sends some as strings and some (transaction and order ids) as whole numbers. */
const providerId = (message?: string) =>
  z.union([z.string(message).min(1, message).max(200, message), z.int(message).transform(String)], message);

/**
 * A field the rules after parsing judge rather than the parse (an unknown user is INVALID_USER, a wrong
 * amount INCORRECT_AMOUNT): absent, or not of its shape, it reads as absent.
 */
const judgedLater = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * A money amount in centavos, without float arithmetic: a JSON number is turned back into its shortest
 * decimal text (for ≤15 significant digits, the text that was sent) and that text is parsed.
 */
const centavos = z
  .union([z.string(), z.number().transform(String)])
  .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/))
  .transform(toCents);

const chargeFields = { amount: judgedLater(centavos), currency: judgedLater(z.string()) };
const charge = z.object(chargeFields);
/** What a payment notification says was paid; a part that is absent or malformed is absent. */
export type Charge = z.infer<typeof charge>;
const user = judgedLater(z.object({ id: judgedLater(providerId()) }));
/**
 * The transaction a notification is about. `external_id` is the txnid the portal sent at checkout; Xsolla
 * leaves it out for a transaction the portal did not start (a notification that names no order of ours).
 */
const transaction = z.object(
  { id: providerId(TRANSACTION_ID), external_id: providerId(EXTERNAL_ID).optional() },
  TRANSACTION_ID,
);

/**
 * Why the money went back: Xsolla's refund code (2 is a chargeback; 4, 7, 11 and 12 name fraud) and its
 * words for it, kept on the order.
 */
const refundDetails = judgedLater(
  z.object({
    code: judgedLater(
      z.union([
        z.int(),
        z
          .string()
          .regex(/^\d{1,3}$/)
          .transform(Number),
      ]),
    ),
    reason: judgedLater(z.string().trim().max(500)),
  }),
);

/** A short word of Xsolla's (a dispute's status, type, reason), kept as sent. */
const word = (message?: string) => z.string(message).trim().min(1, message).max(100, message);

/**
 * The Xsolla notifications the portal reads (the sandbox sends the same), parsed only once their signature
 * has been checked. Those of a transaction name the order by `transaction.external_id` (the txnid sent at
 * checkout); those of an order by `order.id` (the provider's order id stored at checkout).
 */
const xsollaNotificationSchema = z.discriminatedUnion('notification_type', [
  z.object({ notification_type: z.literal('user_validation'), user }),
  z.object({
    notification_type: z.literal('payment'),
    transaction,
    user,
    purchase: judgedLater(z.object({ total: judgedLater(charge), checkout: judgedLater(charge) })),
  }),
  z.object({ notification_type: z.literal('ps_declined'), transaction }),
  // Xsolla's anti-fraud refused the payment, naming its fraud code (4, potential fraud) as a refund does.
  z.object({ notification_type: z.literal('afs_reject'), transaction, refund_details: refundDetails }),
  z.object({
    notification_type: z.literal('order_paid'),
    order: z.object({ id: providerId(ORDER_ID), ...chargeFields }, ORDER_ID),
  }),
  z.object({
    notification_type: z.literal('order_canceled'),
    order: z.object({ id: providerId(ORDER_ID) }, ORDER_ID),
  }),
  // Money given back (decision 0034). Xsolla tells a bank's reversal as a `refund` with code 2; `chargeback`
  // is the portal's own name for it, which Xsolla never sends.
  z.object({
    notification_type: z.literal(['refund', 'chargeback']),
    transaction,
    refund_details: refundDetails,
  }),
  z.object({
    notification_type: z.literal('partial_refund'),
    transaction,
    refund_details: refundDetails,
    /** What this partial refund gave back. */
    purchase: judgedLater(z.object({ total: judgedLater(charge) })),
  }),
  // The card holder disputes the payment: opened (`adding`), then each change of status (`updating`).
  z.object({
    notification_type: z.literal('dispute'),
    action: judgedLater(word()),
    transaction,
    dispute: z.object(
      {
        status: word(DISPUTE),
        type: judgedLater(word()),
        reason: judgedLater(word()),
        /** When it was opened (RFC 3339). */
        incoming_date: judgedLater(z.iso.datetime({ offset: true })),
      },
      DISPUTE,
    ),
  }),
]);
export type XsollaNotification = z.infer<typeof xsollaNotificationSchema>;

const HANDLED_TYPES: ReadonlySet<string> = new Set(
  xsollaNotificationSchema.options.flatMap((option) => [...option.shape.notification_type.values]),
);
const envelope = z.object({ notification_type: providerId(TYPE_MISSING) }, TYPE_MISSING);

export type NotificationReading =
  | { notification: XsollaNotification }
  /** A type the portal does not know: Xsolla sends more (update_user…); each is acknowledged. */
  | { unhandledType: string }
  /** Answered INVALID_PARAMETER with this message. */
  | { invalid: string };

/** Reads a notification's raw body, whose signature has been checked. */
export function readNotification(rawBody: Buffer): NotificationReading {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { invalid: NOT_AN_OBJECT };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { invalid: NOT_AN_OBJECT };
  // The app's text guard cannot read a raw body; the same rule applies to what was just parsed.
  if (unsafeTextPaths(body, UNSAFE_IN_TEXT, 1).length > 0) return { invalid: MESSAGES.unsafeText };
  const type = envelope.safeParse(body);
  if (!type.success) return { invalid: TYPE_MISSING };
  if (!HANDLED_TYPES.has(type.data.notification_type)) return { unhandledType: type.data.notification_type };
  const notification = xsollaNotificationSchema.safeParse(body);
  return notification.success
    ? { notification: notification.data }
    : { invalid: notification.error.issues[0]!.message };
}
