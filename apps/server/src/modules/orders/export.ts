import { PassThrough, type Readable } from 'node:stream';
import type { OrderFilter } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../lib/context';
import { writeAudit } from '../admin-auth/audit';
import { iterateOrders } from './service';

export const ORDERS_SHEET = 'Sales Orders';
export const ORDERS_COLUMNS = [
  'Transaction Date',
  'Transaction ID',
  'Customer ID',
  'Product ID',
  'Merchant',
  'Price',
  'Currency',
  'Status',
] as const;

/**
 * Every order matching the filter as an xlsx, written with ExcelJS's streaming writer (each row committed
 * as it is made) from keyset-paged reads: memory stays flat for a million orders.
 */
export function streamOrdersXlsx(ctx: ServiceContext, filter: OrderFilter, log: FastifyBaseLogger): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(ORDERS_SHEET);
  sheet.columns = [
    { header: ORDERS_COLUMNS[0], key: 'date', width: 22 },
    { header: ORDERS_COLUMNS[1], key: 'txnid', width: 40 },
    { header: ORDERS_COLUMNS[2], key: 'customer', width: 38 },
    { header: ORDERS_COLUMNS[3], key: 'product', width: 30 },
    { header: ORDERS_COLUMNS[4], key: 'merchant', width: 14 },
    { header: ORDERS_COLUMNS[5], key: 'price', width: 12 },
    { header: ORDERS_COLUMNS[6], key: 'currency', width: 10 },
    { header: ORDERS_COLUMNS[7], key: 'status', width: 12 },
  ];
  (async () => {
    for await (const order of iterateOrders(ctx, filter)) {
      // Price stays text with two decimals: exact, and shown as the dashboard shows it.
      sheet
        .addRow({
          date: new Date(order.transactionDate),
          txnid: order.txnid,
          customer: order.customer_id,
          product: order.product_id,
          merchant: order.merchant,
          price: order.price,
          currency: order.currency,
          status: order.txnstatus,
        })
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error) => {
    log.error({ err: error }, 'orders export failed');
    out.destroy(error as Error);
  });
  return out;
}

/** Audit log entry for an export (who, which filter). */
export async function recordExport(
  request: FastifyRequest,
  entry: { by: string; filter: Record<string, unknown> },
): Promise<void> {
  const [kind, id] = entry.by.split(':') as ['admin' | 'player', string];
  request.log.info({ by: entry.by, filter: entry.filter }, 'orders export');
  await writeAudit(request.server.ctx, {
    actor: { kind: kind === 'admin' ? 'admin' : 'player', id: id ?? null },
    action: 'orders.export',
    details: { filter: entry.filter },
    ip: request.ip,
  });
}
