import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Cell, columnLetters, xlsxStream } from './xlsx';

async function* batchesOf(...batches: Cell[][][]) {
  yield* batches;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readSheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows, width: sheet.getColumn(1).width };
}

describe('xlsxStream', () => {
  it('writes a header row and every batch, strings kept as text, numbers as numbers', async () => {
    const bytes = await bytesOf(
      xlsxStream(
        'Caliber Users',
        [{ header: 'Name', width: 30 }, { header: 'Level' }, { header: 'Note' }],
        batchesOf([['Ana & <Bo> "Reyes"', 42, '=HYPERLINK("http://evil")']], [], [['Ben', 0, null]]),
      ),
    );
    const sheet = await readSheet(bytes);
    expect(sheet.name).toBe('Caliber Users');
    expect(sheet.width).toBe(30);
    expect(sheet.rows).toEqual([
      ['Name', 'Level', 'Note'],
      ['Ana & <Bo> "Reyes"', 42, `'=HYPERLINK("http://evil")`],
      ['Ben', 0],
    ]);
  });

  it('prefixes text a spreadsheet would read as a formula with a quote; numbers stay numbers', async () => {
    const risky = ['=1+1', '+63 917 555 0101', '-Ana-', '@SUM(A1:A9)', '\tx', '\r=cmd|"/c calc"!A1'];
    const safe = ['Ana', 'a=b', "'quoted", ' =1+1'];
    const bytes = await bytesOf(
      xlsxStream(
        'S',
        risky.map(() => ({ header: 'Text' })),
        batchesOf([risky], [safe], [['\u0000=1+1', -5, 0.5]]),
      ),
    );
    const [, riskyRow, safeRow, lastRow] = (await readSheet(bytes)).rows;
    for (const cell of riskyRow!) expect(String(cell)).toMatch(/^'[=+\-@\t\r\n]/);
    expect(riskyRow!.slice(0, 4)).toEqual(["'=1+1", "'+63 917 555 0101", "'-Ana-", "'@SUM(A1:A9)"]);
    expect(safeRow).toEqual(safe);
    // A character XML forbids is dropped first, so it cannot hide the '=' behind it.
    expect(lastRow).toEqual(["'=1+1", -5, 0.5]);
  });

  it('drops characters XML forbids, keeps the rest of the text (emoji included)', async () => {
    const bytes = await bytesOf(
      xlsxStream('S', [{ header: 'Text' }], batchesOf([['a\u0000b\u0007c\ud800d 😀 ü\tz']])),
    );
    expect((await readSheet(bytes)).rows[1]).toEqual(['abcd 😀 ü\tz']);
  });

  it('names columns past Z as Excel does', async () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
    const columns = Array.from({ length: 30 }, (_, i) => ({ header: `C${i}` }));
    const bytes = await bytesOf(
      xlsxStream('S', columns, batchesOf([Array.from({ length: 30 }, (_, i) => i)])),
    );
    expect((await readSheet(bytes)).rows[1]).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it('asks for the next batch only when the reader has taken the file so far', async () => {
    let pulled = 0;
    async function* many() {
      for (let b = 0; b < 2_000; b++) {
        pulled++;
        yield Array.from({ length: 200 }, (_, i) => [`player${b * 200 + i}@example.test`, Math.random()]);
      }
    }
    const stream = xlsxStream('S', [{ header: 'Email' }, { header: 'N' }], many());
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Nobody reads: production stops after a few batches instead of building the whole file in memory.
    expect(pulled).toBeLessThan(50);
    stream.destroy();
  });

  it('fails the stream when a batch fails (the download is cut, not finished as if complete)', async () => {
    async function* failing() {
      yield [['first'] as Cell[]];
      throw new Error('database went away');
    }
    await expect(bytesOf(xlsxStream('S', [{ header: 'A' }], failing()))).rejects.toThrow(
      'database went away',
    );
  });
});
