import {
  downloadSignatureQuery,
  exportLinkReplySchema,
  ORDERS_EXPORT_FILE,
  orderFilterSchema,
  orderFulfilmentSchema,
  orderParamsSchema,
  ordersQuerySchema,
  ordersReplySchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signDownloadLink, verifyDownloadLink } from '../../lib/download-links';
import { sendWorkbook } from '../../lib/spreadsheet';
import { recordExport, streamOrdersXlsx } from './export';
import { orderFulfilment } from './fulfilment';
import { registerPlayerOrdersRoute } from './player-orders';
import { listOrders, salesOrders } from './sales';

/** The spec's download address: a browser navigation, opened only by a signed link. */
const ORDERS_DOWNLOAD_PATH = '/api/exportordersdownload';

export async function ordersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.post(
    '/api/getorders',
    {
      onRequest: app.requireSalesViewer,
      config: { staff: 'sales.read' },
      schema: { body: ordersQuerySchema, response: { 200: ordersReplySchema } },
    },
    async (request) => salesOrders(ctx, request.body, request.salesViewer!.kind === 'admin'),
  );

  app.post(
    '/api/exportorders/link',
    {
      onRequest: app.requireSalesViewer,
      config: { staff: 'sales.export' },
      schema: { body: orderFilterSchema, response: { 200: exportLinkReplySchema } },
    },
    async (request) => {
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
      return { url: signDownloadLink(ctx, ORDERS_DOWNLOAD_PATH, filter, request.salesViewer!) };
    },
  );

  app.get(
    ORDERS_DOWNLOAD_PATH,
    {
      onRequest: async (request) => {
        // A staff signer's role is checked again: a link made before a demotion no longer downloads.
        request.salesViewer = await verifyDownloadLink(ctx, request, 'the sales dashboard', 'sales.export');
      },
      schema: { querystring: orderFilterSchema.extend(downloadSignatureQuery) },
    },
    async (request, reply) => {
      const { signature: _, ...filter } = request.query;
      await recordExport(request, request.salesViewer!, filter);
      return sendWorkbook(reply, ORDERS_EXPORT_FILE, streamOrdersXlsx(ctx, filter, request.log));
    },
  );

  // Back-office (issue #23): what a paid order owes its game, and the webhook deliveries that told it.
  app.get(
    '/api/admin/orders/:txnid/fulfilment',
    {
      onRequest: app.requireAdmin,
      config: { staff: 'players.read' },
      schema: { tags: ['admin'], params: orderParamsSchema, response: { 200: orderFulfilmentSchema } },
    },
    async (request) => orderFulfilment(ctx, request.params.txnid),
  );

  registerPlayerOrdersRoute(app);
}
