import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

/** Longest accepted CSV record, in characters (an unclosed quote would otherwise read to the end). */
export const MAX_RECORD_CHARS = 100_000;

export const NOT_UTF8 =
  'The file is not UTF-8 encoded text. Save it as "CSV UTF-8" and upload it again.';

/** Something wrong with the whole file: its processing fails with this message and no row is kept. */
export class FileProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileProblem';
  }
}

/** Strict UTF-8: a byte sequence that is not UTF-8 (Latin-1, Windows-1252, UTF-16…) stops the read. */
async function* decodeUtf8(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  // The decoder drops a leading byte order mark.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError) throw new FileProblem(NOT_UTF8);
    throw error;
  }
}

function describeCsvError(error: CsvError): string {
  const line = typeof error.lines === 'number' ? ` (line ${error.lines})` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `The file is not valid CSV: a quoted cell is never closed${line}.`;
    case 'CSV_MAX_RECORD_SIZE':
      return `The file is not valid CSV: a row is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters${line}; check for a stray quote.`;
    default:
      return `The file is not valid CSV${line}: ${error.message}`;
  }
}

/**
 * The records of a CSV file stored in chunks, streamed: memory stays flat however large the file.
 * Quoted cells may hold commas, quotes and line breaks. Throws `FileProblem` for a file that is not
 * UTF-8 or not CSV.
 * @example for await (const cells of readCsvRecords(chunks)) console.log(cells);
 */
export async function* readCsvRecords(chunks: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  const source = Readable.from(decodeUtf8(chunks), { objectMode: false });
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (error) {
    if (error instanceof CsvError) throw new FileProblem(describeCsvError(error));
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/**
 * Whether the first bytes of a file show it is not text: a spreadsheet (xlsx, ods are ZIP
 * archives; xls is an OLE file), a PDF, an image, or anything with NUL bytes.
 */
export function looksBinary(head: Buffer): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return true; // ZIP: xlsx, ods, docx
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return true; // OLE: xls, doc
  if (starts(0x25, 0x50, 0x44, 0x46)) return true; // %PDF
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff)) return true; // PNG, JPEG
  // UTF-16 text has NUL bytes too; it is not accepted either (the message says to save as UTF-8).
  return head.includes(0);
}
