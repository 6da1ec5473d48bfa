import { ErrorCode, validationMessage, type Language } from '@rx/contracts';
import { ApiError } from './api-error.ts';
import { parseCsv } from './csv.ts';
import { readXlsx } from './xlsx.ts';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The rows of an uploaded CSV or XLSX file (the raw request body; the content tells which).
 * Anything unreadable is 400001 on the field `file`.
 */
export function readTableFile(body: unknown, lang: Language): string[][] {
  const bad = () =>
    new ApiError(ErrorCode.INVALID_INPUT, { fields: { file: validationMessage('bad_file', lang) } });
  if (!Buffer.isBuffer(body) || body.length === 0) throw bad();
  let rows: string[][];
  try {
    if (body.subarray(0, 4).equals(ZIP_MAGIC)) rows = readXlsx(body);
    else {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(body);
      rows = parseCsv(text);
    }
  } catch {
    throw bad();
  }
  return rows;
}
