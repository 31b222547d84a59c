import { paymentsEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/endpoints';
import { notFound } from '../../lib/errors';
import { confirmationMessage, findOrderByTxnid, type OrderRecord } from '../orders';
import { refundOrder } from './refunds';
import { sandboxPageRoutes } from './sandbox-routes';
import { handleNotification } from './webhook';

/** Payment webhook, sandbox card page, the return pages' confirmation calls and staff refunds. */
export async function paymentsRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const endpoints = paymentsEndpoints;

  // The webhook reads its body raw (a buffer), so the signature is checked on exactly the bytes received.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    route(
      scope,
      endpoints.webhook,
      async ({ body, headers, request, reply }) => {
        const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        const answer = await handleNotification(ctx, raw, headers.authorization, request.log);
        return answer.body
          ? reply.status(answer.status).send(answer.body)
          : reply.status(answer.status).send();
      },
      { schema: { hide: true } },
    );
  });

  /** The order of the signed-in player; anyone else's (or an unknown) txnid is the same 404. */
  async function ownOrder(txnid: string, userId: string): Promise<OrderRecord> {
    const order = await findOrderByTxnid(ctx, txnid);
    if (!order || order.userId !== userId) throw notFound('We could not find this order.');
    return order;
  }

  // Public: whether payments take real money, for the "Test payments" banner of the shop and payment pages.
  // It changes only with a restart, so browsers and proxies may keep it a minute.
  route(app, endpoints.mode, async ({ reply }) => {
    reply.header('cache-control', 'public, max-age=60');
    return { test_payments: ctx.config.testPayments };
  });

  route(app, endpoints.confirmation, async ({ query, session }) => {
    const order = await ownOrder(query.txnid, session.subjectId);
    return { message: confirmationMessage(order), status: order.status, txnid: order.txnid };
  });

  route(app, endpoints.payConfirmation, async ({ body, session }) => {
    const order = await ownOrder(body.txnid, session.subjectId);
    return { message: confirmationMessage(order), status: order.status, txnid: order.txnid };
  });

  // Back-office: staff with sales.refund give a paid order's money back (decision 0034).
  route(app, endpoints.refund, async ({ params, body, session, request }) =>
    refundOrder(ctx, params.txnid, body, session, request.ip),
  );

  // The sandbox's card page exists only where the sandbox is the provider: with Xsolla it is a 404.
  if (ctx.config.PAYMENT_PROVIDER === 'sandbox') await app.register(sandboxPageRoutes);
}
