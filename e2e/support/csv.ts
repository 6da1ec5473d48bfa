import fs from 'node:fs';
import { parse } from 'csv-parse/sync';

/** A downloaded CSV file as rows of cells (its byte-order mark dropped), read by csv-parse. */
export function readCsv(file: string): string[][] {
  return parse(fs.readFileSync(file, 'utf8'), { bom: true, relax_column_count: true }) as string[][];
}

/** Rows as CSV text for an upload: cells with quotes, commas or line breaks are quoted. */
export function toCsv(table: string[][]): string {
  const cell = (c: string) => (/[",\n\r]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return table.map((row) => row.map(cell).join(',')).join('\n') + '\n';
}
