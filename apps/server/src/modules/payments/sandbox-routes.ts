import { paymentsEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../lib/endpoints';
import { openSandboxCheckout, type SandboxCheckoutView, submitSandboxCheckout } from './sandbox-checkout';
import { renderSandboxPage } from './sandbox-page';

const PAGE_STATUS = { form: 200, 'form-errors': 422, closed: 409, 'link-invalid': 404 } as const;

function sendView(reply: FastifyReply, view: SandboxCheckoutView) {
  if ('redirect' in view) return reply.redirect(view.redirect, 303);
  return reply
    .status(PAGE_STATUS[view.page])
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(renderSandboxPage(view.model));
}

/** The sandbox provider's hosted card page (plain HTML form, no script). */
export async function sandboxPageRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  route(
    app,
    paymentsEndpoints.sandboxPage,
    async ({ params, query, reply }) =>
      sendView(reply, await openSandboxCheckout(ctx, params.txnid, query.token)),
    { schema: { hide: true } },
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    route(
      scope,
      paymentsEndpoints.sandboxSubmit,
      async ({ params, query, body, request, reply }) => {
        const link = { txnid: params.txnid, token: query.token };
        return sendView(reply, await submitSandboxCheckout(ctx, link, body, request.log));
      },
      { schema: { hide: true } },
    );
  });
}
