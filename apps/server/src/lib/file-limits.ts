import { IMPORT_MAX_ROWS, type ValidationKey } from '@rx/contracts';

/**
 * What an uploaded table file may hold. Every reader stops the moment one is passed, so the work a
 * file can cause is bounded by these, not by what the file claims about itself.
 */
export const FILE_LIMITS = {
  /** Data rows, the header not counted. */
  rows: IMPORT_MAX_ROWS,
  columns: 500,
  /** Bytes of one CSV record. */
  recordBytes: 1024 * 1024,
  /** Bytes really inflated from an XLSX, all parts together, and of any one part. */
  inflatedBytes: 50 * 1024 * 1024,
  entryBytes: 40 * 1024 * 1024,
  /** Entries in a zip's central directory (a workbook has a dozen). */
  zipEntries: 10_000,
} as const;

/** A file that cannot be read, with the message key (and its parameters) that tells the user why. */
export class TableFileError extends Error {
  constructor(
    readonly key: ValidationKey,
    readonly params: Record<string, string | number> = {},
    /** Bytes inflated when reading stopped (zip bombs: the proof the work was cut short). */
    readonly inflated?: number,
  ) {
    super(key);
  }
}

/** Refusals of malformed input are all "bad file"; the limits say which limit. */
export const badFile = (): TableFileError => new TableFileError('bad_file');
export const tooManyRows = (): TableFileError =>
  new TableFileError('too_many_rows', { max: FILE_LIMITS.rows });
export const tooManyColumns = (): TableFileError =>
  new TableFileError('too_many_columns', { max: FILE_LIMITS.columns });
