import { PassThrough, type Readable } from 'node:stream';
import { safeSheetName } from '@portal/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface SheetColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null;
}

/**
 * Streams an .xlsx of every row `batches` yields through ExcelJS's streaming writer (each row committed
 * as written, no shared strings), so a million rows take bounded memory. Returns the readable to send.
 */
export function streamWorkbook<T>(
  sheetName: string,
  columns: SheetColumn<T>[],
  batches: AsyncIterable<T[]>,
  onError: (error: unknown) => void,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(safeSheetName(sheetName));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  void (async () => {
    try {
      for await (const batch of batches) {
        for (const row of batch) sheet.addRow(columns.map((c) => c.value(row))).commit();
        // Let the zip stream drain before fetching more, so a slow client never piles rows up in memory.
        if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      onError(error);
      out.destroy(error as Error);
    }
  })();
  return out;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a streamed workbook as a download that no cache keeps. */
export function sendWorkbook(reply: FastifyReply, fileName: string, workbook: Readable) {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(workbook);
}
