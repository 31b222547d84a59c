import { ORDERS_EXPORT_FILE, ordersEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signDownloadLink, verifyDownloadLink } from '../../lib/download-links';
import { endpointRoute } from '../../lib/endpoints';
import { sendWorkbook } from '../../lib/spreadsheet';
import { recordExport, streamOrdersXlsx } from './export';
import { orderFulfilment } from './fulfilment';
import { registerPlayerOrdersRoute } from './player-orders';
import { listOrders, salesOrders } from './sales';

export async function ordersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const endpoints = ordersEndpoints;

  app.route({
    ...endpointRoute(app, endpoints.sales),
    handler: async (request) => salesOrders(ctx, request.body, request.salesViewer!.kind === 'admin'),
  });

  app.route({
    ...endpointRoute(app, endpoints.exportLink),
    handler: async (request) => {
      // Validates the range now, so the download cannot fail on it later.
      await listOrders(ctx, request.body, 1);
      // Every parameter, empty ones too: the spec's address is ?status=&datestart=&dateend=.
      const filter = {
        status: request.body.status ?? '',
        datestart: request.body.datestart ?? '',
        dateend: request.body.dateend ?? '',
        // The back-office's txnid or email search: only when given, so the spec's address stays as it is.
        ...(request.body.search && { search: request.body.search }),
      };
      return { url: signDownloadLink(ctx, endpoints.export.path, filter, request.salesViewer!) };
    },
  });

  app.route({
    ...endpointRoute(app, endpoints.export, {
      before: [
        async (request: FastifyRequest) => {
          // A staff signer's role is checked again: a link made before a demotion no longer downloads.
          request.salesViewer = await verifyDownloadLink(ctx, request, 'the sales dashboard', 'sales.export');
        },
      ],
    }),
    handler: async (request, reply) => {
      const { signature: _, ...filter } = request.query;
      await recordExport(request, request.salesViewer!, filter);
      return sendWorkbook(reply, ORDERS_EXPORT_FILE, streamOrdersXlsx(ctx, filter, request.log));
    },
  });

  // Back-office (issue #23): what a paid order owes its game, and the webhook deliveries that told it.
  app.route({
    ...endpointRoute(app, endpoints.fulfilment),
    handler: async (request) => orderFulfilment(ctx, request.params.txnid),
  });

  registerPlayerOrdersRoute(app);
}
