import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every list of rows goes through the shared table (`DataTable`, or the list pages built on it),
// so paging, the pager's words, the empty text, overflow tips and the keyboard-reachable scroll box
// are the same everywhere (issue 24, item 6). A page that imports antd's `Table` itself fails here.

const SRC = new URL('../../', import.meta.url);

/**
 * The files that may use antd's `Table` itself: the shared table components. Each entry says why.
 */
const ALLOWED = new Map<string, string>([
  // The list table every business page uses.
  ['shared/ui/DataTable.tsx', 'the shared list table'],
  // A plain table that is not a list of rows (a drawer's lines, a ledger, a matrix) with the same
  // keyboard-reachable scroll box; pages use it instead of antd's.
  ['shared/ui/ScrollTable.tsx', 'the shared plain table'],
]);

/** The antd modules `Table` comes from. */
const TABLE_MODULES = new Set(['antd', 'antd/es/table', 'antd/lib/table', 'antd/es/table/index']);

/** The places in a source file that import antd's `Table` as a value (type-only imports are fine). */
function rawTableImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      const clause = node.importClause;
      if (TABLE_MODULES.has(from) && clause && !clause.isTypeOnly) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        const table = from !== 'antd';
        // `import Table from 'antd/es/table'`, `import * as T from 'antd/es/table'`
        if (table && clause.name) found.push(`${fileName}:${line}`);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings) && table) found.push(`${fileName}:${line}`);
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) {
            if (element.isTypeOnly) continue;
            const imported = (element.propertyName ?? element.name).text;
            // From 'antd' only `Table` itself; from its own module any value (`default as Table`).
            if (imported === 'Table' || (table && imported === 'default')) found.push(`${fileName}:${line}`);
          }
      }
    }
    // `await import('antd/es/table')`
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      TABLE_MODULES.has(node.arguments[0].text) &&
      node.arguments[0].text !== 'antd'
    )
      found.push(`${fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sources(dir: URL): URL[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const url = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sources(url);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [url] : [];
  });
}

describe("antd's Table outside the shared table components", () => {
  it('is imported by no page: lists use DataTable (or the list pages), other tables ScrollTable', () => {
    const files = sources(SRC);
    const raw = files.flatMap((file) => {
      const name = file.pathname.slice(SRC.pathname.length);
      return ALLOWED.has(name) ? [] : rawTableImports(name, readFileSync(file, 'utf8'));
    });
    expect(files.length).toBeGreaterThan(100);
    expect(raw).toEqual([]);
  });

  it('holds only files that exist and do import it', () => {
    for (const name of ALLOWED.keys())
      expect(rawTableImports(name, readFileSync(new URL(name, SRC), 'utf8'))).not.toEqual([]);
  });

  it("finds each way of importing antd's Table, and lets types and other components pass", () => {
    const cases: [string, number][] = [
      ["import { Card, Table, Tag } from 'antd';", 1],
      ["import { Table as T } from 'antd';", 1],
      ["import Table, { type TableProps } from 'antd/es/table';", 1],
      ["import * as T from 'antd/lib/table';", 1],
      ["import { default as T } from 'antd/es/table';", 1],
      ["const T = lazy(() => import('antd/es/table'));", 1],
      ["import type { ColumnsType, TableRef } from 'antd/es/table';", 0],
      ["import { type TableProps } from 'antd/es/table';", 0],
      ["import { type Table, Tag } from 'antd';", 0],
      ["import { Card, Tag, TableProps } from 'antd';", 0],
      ["import { DataTable } from '@/shared/ui/DataTable.tsx';", 0],
    ];
    for (const [text, count] of cases) expect(rawTableImports('x.tsx', text), text).toHaveLength(count);
  });
});
