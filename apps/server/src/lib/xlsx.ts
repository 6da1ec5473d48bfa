import { cellText, type Cell } from './cells.ts';
import { zipStream } from './zip.ts';

/**
 * XLSX (Office Open XML) written as a stream: one sheet, inline strings, the header row in bold and
 * frozen. The reader of uploaded workbooks is `xlsx-read.ts`.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const STATIC_PARTS: Record<string, string> = {
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml': `${XML}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
};

/** Characters XML 1.0 cannot hold at all. */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function rowXml(cells: readonly Cell[], rowNumber: number, style = 0): string {
  const s = style ? ` s="${style}"` : '';
  const parts = cells.map((cell, i) => {
    const ref = `${columnName(i)}${rowNumber}`;
    if (typeof cell === 'number' && Number.isFinite(cell)) return `<c r="${ref}"${s}><v>${cell}</v></c>`;
    const text = cellText(cell);
    if (text === '') return '';
    return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
  });
  return `<row r="${rowNumber}">${parts.join('')}</row>`;
}

async function* sheetXml(headers: readonly string[], rows: AsyncIterable<Cell[][]>): AsyncGenerator<Buffer> {
  const freeze =
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  yield Buffer.from(`${XML}<worksheet xmlns="${MAIN_NS}">${freeze}<sheetData>${rowXml(headers, 1, 1)}`);
  let rowNumber = 1;
  for await (const batch of rows) {
    yield Buffer.from(batch.map((cells) => rowXml(cells, ++rowNumber)).join(''));
  }
  yield Buffer.from('</sheetData></worksheet>');
}

/** The workbook's bytes as the rows arrive (batches of rows). */
export function xlsxStream(
  headers: readonly string[],
  rows: AsyncIterable<Cell[][]>,
): AsyncGenerator<Buffer> {
  return zipStream([
    ...Object.entries(STATIC_PARTS).map(([name, xml]) => ({ name, data: Buffer.from(xml) })),
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml(headers, rows) },
  ]);
}
