import { randomBytes } from 'node:crypto';
import { formatCents, GAME_LABELS, money2, toCents } from '@portal/contract';
import type { ServiceContext } from '../../lib/context';
import { findUserById } from '../accounts';
import { findOrderByTxnid, type OrderRecord, orderItemsOf } from '../orders';
import { returnUrlFor } from './provider';
import {
  canceledNotification,
  declineNotification,
  deliverSandboxNotification,
  paymentNotification,
  readSandboxToken,
  SANDBOX_DUPLICATE_DELAY_MS,
  SANDBOX_LATE_DELIVERY_MS,
  scheduleSandboxDelivery,
} from './sandbox';
import {
  cardExpirySchema,
  SANDBOX_CARD_FIELDS,
  SANDBOX_CARD_MESSAGES,
  type SandboxCardOutcome,
  sandboxCardFormSchema,
  submittedFields,
} from './sandbox-card-form';
import type { SandboxPageModel } from './sandbox-page';
import type { NotificationLog } from './webhook';

/** What the card page answers: the page in one of its states, or the browser sent back to the shop. */
export type SandboxCheckoutView =
  | { page: 'form' | 'form-errors' | 'closed' | 'link-invalid'; model: SandboxPageModel }
  | { redirect: string };

interface SandboxCheckout {
  order: OrderRecord;
  model: SandboxPageModel;
}

const LINK_INVALID: SandboxCheckoutView = {
  page: 'link-invalid',
  model: {
    merchant: 'Webshop',
    txnid: '-',
    currency: 'PHP',
    amount: '0.00',
    items: [],
    action: '',
    closedMessage: 'This payment link is not valid or has expired. Start the checkout again from the shop.',
  },
};

/** The order a payment link was signed for, while the link lives, with the page showing it. */
async function findCheckout(
  ctx: ServiceContext,
  txnid: string,
  token: string,
): Promise<SandboxCheckout | null> {
  const session = readSandboxToken(ctx, token);
  const order = session && session.txnid === txnid ? await findOrderByTxnid(ctx, session.txnid) : null;
  if (!session || !order || order.providerOrderId !== session.oid) return null;
  const items = await orderItemsOf(ctx, order.id);
  return {
    order,
    model: {
      merchant: `${GAME_LABELS[order.game]} Webshop`,
      txnid: order.txnid,
      currency: order.currency,
      amount: money2(order.amount),
      items: items.map((i) => ({
        name: i.name,
        quantity: i.quantity,
        lineTotal: formatCents(toCents(money2(i.unitPrice)) * i.quantity),
      })),
      action: `/sandbox-pay/${encodeURIComponent(txnid)}?token=${encodeURIComponent(token)}`,
    },
  };
}

function closedView(ctx: ServiceContext, { order, model }: SandboxCheckout): SandboxCheckoutView {
  return {
    page: 'closed',
    model: {
      ...model,
      closedMessage: `This order is already ${order.status === 'SUCCESSFUL' ? 'paid' : 'closed'}.`,
      returnUrl: returnUrlFor(ctx, order.game, order.txnid),
    },
  };
}

/** The card page for a payment link: the form while the order waits for payment. */
export async function openSandboxCheckout(
  ctx: ServiceContext,
  txnid: string,
  token: string,
): Promise<SandboxCheckoutView> {
  const checkout = await findCheckout(ctx, txnid, token);
  if (!checkout) return LINK_INVALID;
  if (checkout.order.status !== 'Pending') return closedView(ctx, checkout);
  return { page: 'form', model: checkout.model };
}

type CardFormReading =
  | { action: 'cancel' }
  | { action: 'pay'; card: SandboxCardOutcome }
  | { action: 'pay'; errors: string[]; cardholder: string };

/**
 * The submitted form as the checkout reads it at `now`. Whether the card has expired is decided here, by the
 * clock, and from the expiry field alone, so an expired card is reported with whatever else is wrong, in the
 * expiry field's place in the list.
 */
export function readCardForm(body: unknown, now: Date): CardFormReading {
  const fields = submittedFields(body);
  const form = sandboxCardFormSchema.safeParse(body);
  if (form.success && form.data.action === 'cancel') return { action: 'cancel' };
  const expiry = cardExpirySchema.safeParse(fields.expiry);
  const expired = expiry.success && expiry.data.getTime() <= now.getTime();
  if (form.success && form.data.action === 'pay' && !expired)
    return { action: 'pay', card: form.data.card_number };
  const issues = form.success ? [] : form.error.issues;
  const errors = SANDBOX_CARD_FIELDS.flatMap((field) =>
    field === 'expiry' && expired
      ? [SANDBOX_CARD_MESSAGES.expired]
      : issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message),
  );
  const cardholder = typeof fields.cardholder === 'string' ? fields.cardholder.trim() : '';
  return { action: 'pay', errors, cardholder };
}

/** Sends what paying with a test card sends (docs/payments.md); answers the return page's `status`. */
async function payWithTestCard(
  ctx: ServiceContext,
  card: SandboxCardOutcome,
  order: OrderRecord,
  payer: { id: string; email: string },
  transactionId: string,
  log: NotificationLog,
): Promise<'done' | 'troubled' | 'invoice'> {
  switch (card) {
    case 'success':
      await deliverSandboxNotification(ctx, paymentNotification(order, payer, transactionId), log);
      return 'done';
    case 'decline':
      await deliverSandboxNotification(ctx, declineNotification(order, payer, transactionId), log);
      return 'troubled';
    case 'pending':
      await scheduleSandboxDelivery(
        ctx,
        paymentNotification(order, payer, transactionId),
        SANDBOX_LATE_DELIVERY_MS,
      );
      return 'invoice';
    case 'duplicate': {
      const payment = paymentNotification(order, payer, transactionId);
      await deliverSandboxNotification(ctx, payment, log);
      await scheduleSandboxDelivery(ctx, payment, SANDBOX_DUPLICATE_DELAY_MS);
      return 'done';
    }
  }
}

/**
 * The card page's form was posted: cancel, or check the card and act as the provider would for it (the
 * signed notification now, later, or twice), then send the browser back to the shop with Xsolla's `status`
 * and `invoice_id`. A wrong form shows the page again with its errors.
 */
export async function submitSandboxCheckout(
  ctx: ServiceContext,
  link: { txnid: string; token: string },
  body: unknown,
  log: NotificationLog,
): Promise<SandboxCheckoutView> {
  const checkout = await findCheckout(ctx, link.txnid, link.token);
  if (!checkout) return LINK_INVALID;
  const { order, model } = checkout;
  if (order.status !== 'Pending') return closedView(ctx, checkout);
  const user = await findUserById(ctx, order.userId);
  if (!user) return LINK_INVALID;
  const payer = { id: user.id, email: user.email };
  const back = returnUrlFor(ctx, order.game, order.txnid);

  const form = readCardForm(body, ctx.clock.now());
  if (form.action === 'cancel') {
    await deliverSandboxNotification(ctx, canceledNotification(order, payer), log);
    return { redirect: `${back}&status=canceled` };
  }
  if ('errors' in form)
    return { page: 'form-errors', model: { ...model, errors: form.errors, cardholder: form.cardholder } };
  // A numeric id like Xsolla's transaction ids, unique enough for the sandbox.
  const transactionId = String(Date.now()) + randomBytes(2).readUInt16BE().toString().padStart(5, '0');
  const status = await payWithTestCard(ctx, form.card, order, payer, transactionId, log);
  return { redirect: `${back}&status=${status}&invoice_id=${transactionId}` };
}
