import { ORDERS_EXPORT_FILE, ordersEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signDownloadLink, verifyDownloadLink } from '../../lib/download-links';
import { route } from '../../lib/endpoints';
import { sendWorkbook } from '../../lib/spreadsheet';
import { recordExport, streamOrdersXlsx } from './export';
import { orderFulfilment } from './fulfilment';
import { registerPlayerOrdersRoute } from './player-orders';
import { listOrders, salesOrders } from './sales';

export async function ordersRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const endpoints = ordersEndpoints;

  route(app, endpoints.sales, async ({ body, session }) => salesOrders(ctx, body, session.kind === 'admin'));

  route(app, endpoints.exportLink, async ({ body, session }) => {
    // Validates the range now, so the download cannot fail on it later.
    await listOrders(ctx, body, 1);
    // Every parameter, empty ones too: the spec's address is ?status=&datestart=&dateend=.
    const filter = {
      status: body.status ?? '',
      datestart: body.datestart ?? '',
      dateend: body.dateend ?? '',
      // The back-office's txnid or email search: only when given, so the spec's address stays as it is.
      ...(body.search && { search: body.search }),
    };
    return { url: signDownloadLink(ctx, endpoints.export.path, filter, session) };
  });

  route(
    app,
    endpoints.export,
    async ({ query, request, reply }) => {
      const { signature: _, ...filter } = query;
      // The link's signer: a public route by its declaration, its own proof is the link the hook verified.
      await recordExport(request, request.salesViewer!, filter);
      return sendWorkbook(reply, ORDERS_EXPORT_FILE, streamOrdersXlsx(ctx, filter, request.log));
    },
    {
      before: [
        async (request: FastifyRequest) => {
          // A staff signer's role is checked again: a link made before a demotion no longer downloads.
          request.salesViewer = await verifyDownloadLink(ctx, request, 'the sales dashboard', 'sales.export');
        },
      ],
    },
  );

  // Back-office (issue #23): what a paid order owes its game, and the webhook deliveries that told it.
  route(app, endpoints.fulfilment, async ({ params }) => orderFulfilment(ctx, params.txnid));

  registerPlayerOrdersRoute(app);
}
