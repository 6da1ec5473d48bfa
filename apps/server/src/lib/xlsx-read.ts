import { SaxesParser } from 'saxes';
import { badFile, FILE_LIMITS, TableFileError, tooManyColumns, tooManyRows } from './file-limits.ts';
import { runSteps, runStepsYielding } from './steps.ts';
import { ZipReader } from './zip.ts';

/**
 * The first sheet of an uploaded workbook as rows of cell texts. Only the parts a sheet needs are
 * unpacked (workbook, its relationships, shared strings, the sheet; no styles: the import reads
 * texts, and our exports write times as text), each streamed through a SAX parser as it is
 * inflated, so the work is linear in the bytes really inflated and stops at the limits.
 */

interface Handlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/** Workbook and relationship parts are a few KB; only the sheet and its strings may be large. */
const SMALL_PART = 1024 * 1024;

/** `x:row` → `row`: some writers prefix the main namespace. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

function* parsePart(zip: ZipReader, name: string, handlers: Handlers, limit?: number): Generator<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag) => handlers.open?.(local(tag.name), tag.attributes));
  parser.on('closetag', (tag) => handlers.close?.(local(tag.name)));
  parser.on('text', (text) => handlers.text?.(text));
  parser.on('cdata', (text) => handlers.text?.(text));
  // No document type: nothing to expand, nothing to fetch.
  parser.on('doctype', () => {
    throw badFile();
  });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    yield* zip.inflate(name, (bytes) => parser.write(decoder.decode(bytes, { stream: true })), limit);
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    // saxes and the decoder throw on malformed input: a bad file, whatever the detail.
    const known = error instanceof TableFileError ? error : badFile();
    throw new TableFileError(known.key, known.params, zip.inflated);
  }
}

function* firstSheetPath(zip: ZipReader): Generator<void, string> {
  let id: string | undefined;
  yield* parsePart(
    zip,
    'xl/workbook.xml',
    {
      open(name, attributes) {
        if (name !== 'sheet' || id !== undefined) return;
        // The relationship id: `r:id`, whatever the prefix.
        id = Object.entries(attributes).find(([key]) => key.includes(':') && local(key) === 'id')?.[1];
      },
    },
    SMALL_PART,
  );
  let target: string | undefined;
  if (id !== undefined && zip.has('xl/_rels/workbook.xml.rels')) {
    yield* parsePart(
      zip,
      'xl/_rels/workbook.xml.rels',
      {
        open(name, attributes) {
          if (name === 'Relationship' && attributes.Id === id) target = attributes.Target;
        },
      },
      SMALL_PART,
    );
  }
  if (!target) return 'xl/worksheets/sheet1.xml';
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** Texts of `<t>` runs, leaving out phonetic guides (`<rPh>`). */
function richText() {
  let inT = false;
  let phonetic = 0;
  let text = '';
  return {
    open(name: string) {
      if (name === 't') inT = true;
      else if (name === 'rPh') phonetic++;
    },
    close(name: string) {
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic--;
    },
    text(chunk: string) {
      if (inT && !phonetic) text += chunk;
    },
    take(): string {
      const whole = text;
      text = '';
      return whole;
    },
  };
}

function* sharedStrings(zip: ZipReader): Generator<void, string[]> {
  const strings: string[] = [];
  if (!zip.has('xl/sharedStrings.xml')) return strings;
  const runs = richText();
  yield* parsePart(zip, 'xl/sharedStrings.xml', {
    open: runs.open,
    text: runs.text,
    close(name) {
      runs.close(name);
      if (name === 'si') strings.push(runs.take());
    },
  });
  return strings;
}

/** `B7` → 1. More than three letters is past any spreadsheet's last column. */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]{1,3}(?=\d)/.exec(ref)?.[0];
  if (!letters) throw badFile();
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

function* sheetRows(zip: ZipReader, path: string, shared: readonly string[]): Generator<void, string[][]> {
  const rows: string[][] = [];
  let row: string[] | null = null;
  let cell: { index: number; type: string; value: string } | null = null;
  let inValue = false;
  const runs = richText();
  yield* parsePart(zip, path, {
    open(name, attributes) {
      if (name === 'row') {
        // A row inside a row is malformed: refused at once, never searched for its end.
        if (row) throw badFile();
        const number = attributes.r === undefined ? rows.length + 1 : Number(attributes.r);
        if (!Number.isSafeInteger(number) || number <= rows.length) throw badFile();
        if (number > FILE_LIMITS.rows + 1) throw tooManyRows();
        while (rows.length < number - 1) rows.push([]);
        row = [];
      } else if (name === 'c') {
        if (!row || cell) throw badFile();
        const index = attributes.r ? columnIndex(attributes.r) : row.length;
        if (index >= FILE_LIMITS.columns) throw tooManyColumns();
        cell = { index, type: attributes.t ?? '', value: '' };
      } else if (name === 'v') inValue = true;
      else runs.open(name);
    },
    text(text) {
      if (!cell) return;
      if (inValue) cell.value += text;
      else runs.text(text);
    },
    close(name) {
      if (name === 'row' && row) {
        rows.push(row);
        row = null;
      } else if (name === 'c' && cell && row) {
        const { index, type, value } = cell;
        const inline = runs.take();
        while (row.length < index) row.push('');
        row[index] =
          type === 's'
            ? (shared[Number(value)] ?? '')
            : type === 'inlineStr'
              ? inline
              : type === 'b'
                ? String(value === '1')
                : value;
        cell = null;
      } else if (name === 'v') inValue = false;
      else runs.close(name);
    },
  });
  return rows;
}

function* xlsxSteps(zip: ZipReader): Generator<void, string[][]> {
  const sheet = yield* firstSheetPath(zip);
  const shared = yield* sharedStrings(zip);
  return yield* sheetRows(zip, sheet, shared);
}

/** At once: tests, and files known to be small. */
export const readXlsx = async (file: Buffer): Promise<string[][]> =>
  runSteps(xlsxSteps(await ZipReader.open(file)));

/** An upload: other requests get in between the steps. */
export const readXlsxYielding = async (file: Buffer): Promise<string[][]> =>
  runStepsYielding(xlsxSteps(await ZipReader.open(file)));
