import {
  exportLinkReplySchema,
  ORDERS_EXPORT_FILE,
  orderFilterSchema,
  ordersReplySchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors';
import { sendWorkbook } from '../../lib/spreadsheet';
import { signPayload, verifyPayload } from '../../lib/tokens';
import { recordExport, streamOrdersXlsx } from './export';
import { registerPlayerOrdersRoute } from './player-orders';
import { listOrders } from './service';

export const EXPORT_LINK_TTL_MS = 2 * 60 * 1000;

const filterKey = (f: { status?: string | null; datestart?: string | null; dateend?: string | null }) =>
  `${f.status ?? ''}|${f.datestart ?? ''}|${f.dateend ?? ''}`;

export async function ordersRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.post(
    '/api/getorders',
    {
      onRequest: app.requireSalesViewer,
      schema: { body: orderFilterSchema, response: { 200: ordersReplySchema } },
    },
    async (request) => listOrders(ctx, request.body),
  );

  // A browser navigation cannot carry the bearer header, so the page asks for a signed link valid 2 minutes.
  app.post(
    '/api/exportorders/link',
    {
      onRequest: app.requireSalesViewer,
      schema: { body: orderFilterSchema, response: { 200: exportLinkReplySchema } },
    },
    async (request) => {
      const viewer = request.salesViewer!;
      // Validates the range now, so the download cannot fail on it later.
      await listOrders(ctx, request.body, 1);
      const filter = {
        status: request.body.status ?? '',
        datestart: request.body.datestart ?? '',
        dateend: request.body.dateend ?? '',
      };
      const signature = signPayload(
        ctx.config.SECRET_KEY,
        { k: 'orders-export', f: filterKey(filter), by: `${viewer.kind}:${viewer.id}` },
        new Date(ctx.clock.now().getTime() + EXPORT_LINK_TTL_MS),
      );
      const query = new URLSearchParams({ ...filter, signature });
      return { url: `/api/exportordersdownload?${query.toString()}` };
    },
  );

  app.get(
    '/api/exportordersdownload',
    {
      schema: {
        querystring: orderFilterSchema.extend({ signature: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const { signature, ...filter } = request.query;
      const payload = signature
        ? verifyPayload<{ k?: string; f?: string; by?: string }>(
            ctx.config.SECRET_KEY,
            signature,
            ctx.clock.now(),
          )
        : null;
      if (payload?.k !== 'orders-export' || payload.f !== filterKey(filter)) {
        throw forbidden(
          'This download link is not valid or has expired. Export again from the sales dashboard.',
        );
      }
      await recordExport(request, { by: payload.by ?? 'unknown', filter });
      return sendWorkbook(reply, ORDERS_EXPORT_FILE, streamOrdersXlsx(ctx, filter, request.log));
    },
  );

  registerPlayerOrdersRoute(app);
}
