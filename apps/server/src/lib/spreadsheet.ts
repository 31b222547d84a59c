import type { Readable } from 'node:stream';
import { safeSheetName } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuditActor, writeAudit } from './audit';
import type { ServiceContext } from './context';
import { xlsxStream } from './xlsx';

export interface SheetColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
}

/**
 * Streams an .xlsx of every row `batches` yields (lib/xlsx: pulled, so a million rows take the memory of a
 * few batches). Returns the readable to send; `onError` hears a failure mid-file (the download is cut).
 */
export function streamWorkbook<T>(
  sheetName: string,
  columns: SheetColumn<T>[],
  batches: AsyncIterable<T[]>,
  onError: (error: unknown) => void,
): Readable {
  async function* cells() {
    for await (const batch of batches) yield batch.map((row) => columns.map((c) => c.value(row)));
  }
  const out = xlsxStream(safeSheetName(sheetName), columns, cells());
  out.on('error', onError);
  return out;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a streamed workbook as a download that no cache keeps. */
export function sendWorkbook(reply: FastifyReply, fileName: string, workbook: Readable) {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(workbook);
}

/** One export of a back-office table: who asked and with which filter (audited), and the workbook's content. */
export interface TableExport<T> {
  actor: AuditActor;
  /** The audit action ('users.export') and what it records (the table, the filter, the file). */
  action: string;
  details: Record<string, unknown>;
  sheetName: string;
  columns: SheetColumn<T>[];
  rows: AsyncIterable<T[]>;
  fileName: string;
}

/** Audits a table's export, then streams every row it selects as the download. */
export async function sendTableExport<T>(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  table: TableExport<T>,
) {
  await writeAudit(ctx, { actor: table.actor, action: table.action, details: table.details, ip: request.ip });
  const workbook = streamWorkbook(table.sheetName, table.columns, table.rows, (err) =>
    request.log.error({ err, action: table.action, details: table.details }, 'export failed'),
  );
  return sendWorkbook(reply, table.fileName, workbook);
}
