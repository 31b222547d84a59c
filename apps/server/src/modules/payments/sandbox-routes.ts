import { randomBytes } from 'node:crypto';
import { formatCents, GAME_LABELS, money2, toCents } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUserById } from '../accounts';
import { findOrderByTxnid, orderItemsOf } from '../orders';
import { returnUrlFor } from './provider';
import {
  canceledNotification,
  cardOutcome,
  declineNotification,
  deliverSandboxNotification,
  isCardNumber,
  paymentNotification,
  readSandboxToken,
  SANDBOX_DUPLICATE_DELAY_MS,
  SANDBOX_LATE_DELIVERY_MS,
  scheduleSandboxDelivery,
} from './sandbox';
import { renderSandboxPage } from './sandbox-page';

/** The sandbox provider's hosted card page (plain HTML form, no script). */
export async function sandboxPageRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const pageModel = async (txnid: string, token: string) => {
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
  };
  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  const expiredPage = (reply: FastifyReply) =>
    sendPage(
      reply,
      404,
      renderSandboxPage({
        merchant: 'Webshop',
        txnid: '-',
        currency: 'PHP',
        amount: '0.00',
        items: [],
        action: '',
        closedMessage:
          'This payment link is not valid or has expired. Start the checkout again from the shop.',
      }),
    );
  const closedPage = (reply: FastifyReply, found: NonNullable<Awaited<ReturnType<typeof pageModel>>>) =>
    sendPage(
      reply,
      409,
      renderSandboxPage({
        ...found.model,
        closedMessage: `This order is already ${found.order.status === 'SUCCESSFUL' ? 'paid' : 'closed'}.`,
        returnUrl: returnUrlFor(ctx, found.order.game, found.order.txnid),
      }),
    );

  const tokenParams = z.object({ txnid: z.string().max(64) });
  const tokenQuery = z.object({ token: z.string().max(1000).default('') });

  app.get(
    '/sandbox-pay/:txnid',
    { schema: { hide: true, params: tokenParams, querystring: tokenQuery } },
    async (request, reply) => {
      const found = await pageModel(request.params.txnid, request.query.token);
      if (!found) return expiredPage(reply);
      if (found.order.status !== 'Pending') return closedPage(reply, found);
      return sendPage(reply, 200, renderSandboxPage(found.model));
    },
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/sandbox-pay/:txnid',
        { schema: { hide: true, params: tokenParams, querystring: tokenQuery } },
        async (request, reply) => {
          const found = await pageModel(request.params.txnid, request.query.token);
          if (!found) return expiredPage(reply);
          const { order, model } = found;
          if (order.status !== 'Pending') return closedPage(reply, found);
          const form = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
            string,
            string
          >;
          const user = await findUserById(ctx, order.userId);
          if (!user) return expiredPage(reply);
          const who = { id: user.id, email: user.email };
          const back = returnUrlFor(ctx, order.game, order.txnid);
          const transactionId =
            String(Date.now()) + randomBytes(2).readUInt16BE().toString().padStart(5, '0');

          if (form.action === 'cancel') {
            await deliverSandboxNotification(ctx, canceledNotification(order, who), request.log);
            return reply.redirect(`${back}&status=canceled`, 303);
          }
          const errors: string[] = [];
          const cardholder = (form.cardholder ?? '').trim();
          if (!cardholder || cardholder.length > 80) errors.push('Enter the name on the card.');
          const card = form.card_number ?? '';
          if (!isCardNumber(card)) errors.push('Enter a valid card number.');
          else if (!cardOutcome(card)) errors.push('This sandbox accepts only the test cards listed below.');
          const expiry = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/.exec(form.expiry ?? '');
          const now = ctx.clock.now();
          if (!expiry) errors.push('Enter the expiry date as MM/YY.');
          else {
            const endOfMonth = Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1);
            if (endOfMonth <= now.getTime()) errors.push('This card has expired.');
          }
          if (!/^\s*\d{3,4}\s*$/.test(form.cvc ?? '')) errors.push('Enter the 3 or 4 digit security code.');
          if (errors.length > 0)
            return sendPage(reply, 422, renderSandboxPage({ ...model, errors, cardholder }));

          switch (cardOutcome(card)) {
            case 'decline':
              await deliverSandboxNotification(
                ctx,
                declineNotification(order, who, transactionId),
                request.log,
              );
              return reply.redirect(`${back}&status=troubled&invoice_id=${transactionId}`, 303);
            case 'pending':
              await scheduleSandboxDelivery(
                ctx,
                paymentNotification(order, who, transactionId),
                SANDBOX_LATE_DELIVERY_MS,
              );
              return reply.redirect(`${back}&status=invoice&invoice_id=${transactionId}`, 303);
            case 'duplicate': {
              const body = paymentNotification(order, who, transactionId);
              await deliverSandboxNotification(ctx, body, request.log);
              await scheduleSandboxDelivery(ctx, body, SANDBOX_DUPLICATE_DELAY_MS);
              return reply.redirect(`${back}&status=done&invoice_id=${transactionId}`, 303);
            }
            default:
              await deliverSandboxNotification(
                ctx,
                paymentNotification(order, who, transactionId),
                request.log,
              );
              return reply.redirect(`${back}&status=done&invoice_id=${transactionId}`, 303);
          }
        },
      );
  });
}
