import { paymentsEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoints';
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
export async function sandboxPageRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.route({
    ...endpointRoute(app, paymentsEndpoints.sandboxPage, { schema: { hide: true } }),
    handler: async (request, reply) =>
      sendView(reply, await openSandboxCheckout(ctx, request.params.txnid, request.query.token)),
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...endpointRoute(scope, paymentsEndpoints.sandboxSubmit, { schema: { hide: true } }),
      handler: async (request, reply) => {
        const link = { txnid: request.params.txnid, token: request.query.token };
        return sendView(reply, await submitSandboxCheckout(ctx, link, request.body, request.log));
      },
    });
  });
}
