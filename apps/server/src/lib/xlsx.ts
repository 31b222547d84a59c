import { pipeline, Readable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A minimal streaming .xlsx writer: one worksheet of inline strings and numbers, zipped as it is pulled.
 *
 * Why not ExcelJS's streaming writer: it pushes the sheet XML into its zip without waiting for the
 * compressor, so a fast database outruns deflate and the uncompressed XML piles up in memory (a million
 * rows reached ~600 MB). Here every stage is pulled: the HTTP socket pulls zip bytes, deflate pulls sheet
 * XML, and the sheet asks for the next batch of rows only then, so memory stays at a few batches.
 */

export type Cell = string | number | null;

/**
 * Everything outside XML 1.0's Char production: most control characters and, with the u flag, lone
 * surrogates. Excel refuses files containing them, so they are dropped.
 */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

const dropInvalidXml = (text: string) => text.replace(INVALID_XML, '');
const escapeMarkup = (text: string) => text.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);

function escapeXml(text: string): string {
  return escapeMarkup(dropInvalidXml(text));
}

/**
 * Text a spreadsheet would read as a formula once the file is edited or re-saved as CSV (OWASP CSV
 * injection): a leading '=', '+', '-', '@', tab or carriage return. Such text gets a quote prefix, so a
 * phone number '+63…' or a name '-Ana-' is exported as "'+63…" and "'-Ana-" (decision 0013).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function cellXml(value: Cell, ref: string): string {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  // Forbidden characters go first, so none can hide a leading '=' from the check.
  const text = escapeMarkup(neutraliseFormula(dropInvalidXml(value)));
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

function rowXml(cells: Cell[], rowNumber: number): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) xml += cellXml(cells[i] ?? null, `${columnLetters(i)}${rowNumber}`);
  return `${xml}</row>`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

function staticParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    ],
  ];
}

// ---- ZIP container (deflate, data descriptors so sizes need not be known before the data) ----

const UTF8_NAMES = 0x0800;
const DATA_DESCRIPTOR = 0x0008;
const MAX_32 = 0xffffffff;

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

function localHeader(name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  header.writeUInt16LE(UTF8_NAMES | DATA_DESCRIPTOR, 6);
  header.writeUInt16LE(8, 8); // deflate; time, date, crc and sizes follow in the data descriptor
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Entry): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralDirectory(entries: Entry[], start: number): Buffer {
  const records = entries.map((entry) => {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(UTF8_NAMES | DATA_DESCRIPTOR, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt32LE(entry.crc, 16);
    record.writeUInt32LE(entry.compressed, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([record, entry.name]);
  });
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(start, 16);
  return Buffer.concat([directory, end]);
}

function tooLarge(): Error {
  return new Error('The spreadsheet is larger than 4 GB; narrow the filters and export again.');
}

/**
 * The .xlsx bytes of one sheet with a header row and every row of `batches`, as a pull stream. A batch
 * is fetched only when the compressor has taken the previous one.
 */
export function xlsxStream(
  sheetName: string,
  columns: { header: string; width?: number }[],
  batches: AsyncIterable<Cell[][]>,
): Readable {
  async function* sheetXml(track: { crc: number; size: number }): AsyncGenerator<Buffer> {
    const emit = (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      track.crc = crc32(bytes, track.crc);
      track.size += bytes.length;
      if (track.size > MAX_32) throw tooLarge();
      return bytes;
    };
    const widths = columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 18}" customWidth="1"/>`)
      .join('');
    yield emit(
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><cols>${widths}</cols><sheetData>${rowXml(
        columns.map((c) => c.header),
        1,
      )}`,
    );
    let rowNumber = 1;
    for await (const batch of batches) {
      let xml = '';
      for (const cells of batch) xml += rowXml(cells, ++rowNumber);
      if (xml) yield emit(xml);
    }
    yield emit('</sheetData></worksheet>');
  }

  async function* zip(): AsyncGenerator<Buffer> {
    const entries: Entry[] = [];
    let offset = 0;
    const put = (bytes: Buffer) => {
      offset += bytes.length;
      if (offset > MAX_32) throw tooLarge();
      return bytes;
    };
    for (const [name, text] of staticParts(sheetName)) {
      const data = Buffer.from(text, 'utf8');
      const entry: Entry = {
        name: Buffer.from(name),
        offset,
        crc: crc32(data),
        compressed: 0,
        size: data.length,
      };
      yield put(localHeader(entry.name));
      const compressed = deflateRawSync(data);
      entry.compressed = compressed.length;
      yield put(compressed);
      yield put(dataDescriptor(entry));
      entries.push(entry);
    }
    const sheet: Entry = {
      name: Buffer.from('xl/worksheets/sheet1.xml'),
      offset,
      crc: 0,
      compressed: 0,
      size: 0,
    };
    yield put(localHeader(sheet.name));
    const track = { crc: 0, size: 0 };
    const deflate = createDeflateRaw({ level: 6 });
    // pipeline destroys the compressor with the source's error (a failed query), which ends the loop below.
    pipeline(Readable.from(sheetXml(track)), deflate, () => {});
    for await (const chunk of deflate) {
      sheet.compressed += (chunk as Buffer).length;
      yield put(chunk as Buffer);
    }
    sheet.crc = track.crc;
    sheet.size = track.size;
    yield put(dataDescriptor(sheet));
    entries.push(sheet);
    yield put(centralDirectory(entries, offset));
  }

  return Readable.from(zip(), { objectMode: false });
}
