import { Readable } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { cellText, type Cell } from './cells.ts';
import { badFile, FILE_LIMITS, TableFileError, tooManyColumns, tooManyRows } from './file-limits.ts';
import { eventLoopSlicer } from './steps.ts';

/** CSV per RFC 4180, in UTF-8 with a byte-order mark so Excel reads Chinese correctly. */

export const CSV_BOM = '\uFEFF';

/**
 * Formulas and the round trip. A spreadsheet runs a cell starting with `=`, `+`, `-`, `@`, a tab
 * or a CR as a formula (CSV injection), and shows a cell starting with `'` without that `'`. So the
 * export prefixes one `'` to every text starting with one of those characters or with `'` itself
 * (plain numbers such as `-5` are left alone); the import takes exactly one leading `'` off when
 * the next character is one of them or `'`. Every exported text comes back as it was: `=x` ↔ `'=x`,
 * `'=x` ↔ `''=x`, `'plain` ↔ `''plain`; a `'` before anything else (`'plain` typed in a file)
 * is kept, as no export writes it.
 */
const ESCAPED_START = /^[=+\-@\t\r']/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function field(cell: Cell): string {
  let text = cellText(cell);
  if (typeof cell === 'string' && ESCAPED_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

function unescapeCell(text: string): string {
  return text.startsWith("'") && ESCAPED_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** One record, CRLF-terminated. */
export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(field).join(',')}\r\n`;
}

/**
 * Strict quoting (a quote inside an unquoted cell, or one left open, is refused rather than
 * guessed at), any line ending, ragged rows allowed (a missing cell is empty), and limits: one
 * record's bytes, and parsing stops one record past the row limit.
 */
const OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  relax_quotes: false,
  record_delimiter: ['\r\n', '\n', '\r'],
  max_record_size: FILE_LIMITS.recordBytes,
  to: FILE_LIMITS.rows + 2,
};

function checkRecord(record: string[], count: number): string[] {
  if (count > FILE_LIMITS.rows + 1) throw tooManyRows();
  if (record.length > FILE_LIMITS.columns) throw tooManyColumns();
  return record.map(unescapeCell);
}

/** csv-parse's refusals as the message the user sees. */
function refusal(error: unknown): unknown {
  if (error instanceof TableFileError || !(error instanceof CsvError)) return error;
  const line = (error as CsvError & { lines?: number }).lines ?? 0;
  if (error.code === 'CSV_MAX_RECORD_SIZE') {
    return new TableFileError('record_too_large', { line, max: FILE_LIMITS.recordBytes / 1024 });
  }
  if (/QUOTE/.test(error.code)) return new TableFileError('csv_bad_quote', { line });
  return badFile();
}

/** Parses CSV text (with or without the BOM) into rows of cells, at once (tests and small texts). */
export function parseCsv(text: string): string[][] {
  try {
    return (parseSync(text, OPTIONS) as string[][]).map((record, i) => checkRecord(record, i + 1));
  } catch (error) {
    throw refusal(error);
  }
}

/** Reads an uploaded CSV, parsing it in pieces and letting other requests in between them. */
export async function readCsv(bytes: Buffer): Promise<string[][]> {
  const PIECE = 64 * 1024;
  const pieces = function* () {
    for (let at = 0; at < bytes.length; at += PIECE) yield bytes.subarray(at, at + PIECE);
  };
  const parser = Readable.from(pieces()).pipe(parse(OPTIONS));
  const slicer = eventLoopSlicer();
  const rows: string[][] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rows.push(checkRecord(record, rows.length + 1));
      await slicer.pause();
    }
  } catch (error) {
    throw refusal(error);
  } finally {
    parser.destroy();
  }
  return rows;
}
