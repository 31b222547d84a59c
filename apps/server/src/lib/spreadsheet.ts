import type { Readable } from 'node:stream';
import { safeSheetName } from '@portal/contract';
import type { FastifyReply } from 'fastify';
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
