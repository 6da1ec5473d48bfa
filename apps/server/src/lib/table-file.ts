import { isUtf8 } from 'node:buffer';
import { ErrorCode, validationMessage, type Language } from '@rx/contracts';
import { ApiError } from './api-error.ts';
import { readCsv } from './csv.ts';
import { badFile, TableFileError } from './file-limits.ts';
import { readXlsxYielding } from './xlsx-read.ts';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The rows of an uploaded CSV or XLSX file (the raw request body; the content tells which), read
 * within the limits of `file-limits.ts` and letting other requests in while it is read. Anything
 * unreadable or too large is 400001 on the field `file`, saying why.
 */
export async function readTableFile(body: unknown, lang: Language): Promise<string[][]> {
  try {
    if (!Buffer.isBuffer(body) || body.length === 0) throw badFile();
    if (body.subarray(0, 4).equals(ZIP_MAGIC)) return await readXlsxYielding(body);
    if (!isUtf8(body)) throw badFile();
    return await readCsv(body);
  } catch (error) {
    const refusal = error instanceof TableFileError ? error : badFile();
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { file: validationMessage(refusal.key, lang, refusal.params) },
    });
  }
}
