import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's files import each other in no loop (issue 24: "import cycles between server
// modules: 0"). Only imports that stay at run time count: `import type` vanishes when compiled.
const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(at);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [at] : [];
  });
}

/**
 * Each file's relative value imports (and re-exports) that name another source file, bare
 * side-effect imports (`import './x.ts'`) included: they run the other file as much as any.
 */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const targets: string[] = [];
    const imports = /^\s*(?:(?:import|export)\s+(type\s+)?[^'";]*?from\s+|import\s+)['"](\.[^'"]+)['"]/gm;
    for (const m of text.matchAll(imports)) {
      if (m[1]) continue;
      const base = path.resolve(path.dirname(file), m[2]!);
      const target = [base, `${base}.ts`, path.join(base, 'index.ts')].find((p) => known.has(p));
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one file: the loops. */
function loops(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(path.relative(SRC, w));
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('server imports', () => {
  it('form no loop between files', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(300);
    expect(loops(importGraph(files))).toEqual([]);
  });

  it('the check finds a loop when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(loops(graph)).toHaveLength(1);
    expect(loops(graph)[0]).toHaveLength(3);
  });

  it('reads value and bare side-effect imports, not type-only ones', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
    const write = (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    try {
      const a = write('a.ts', "import './b.ts';\nimport type { C } from './c.ts';\n");
      const b = write('b.ts', "import { a } from './a.ts';\nexport * from './c';\n");
      const c = write('c.ts', "import type { A } from './a.ts';\nexport const c = 1;\n");
      const graph = importGraph([a, b, c]);
      expect(Object.fromEntries(graph)).toEqual({ [a]: [b], [b]: [a, c], [c]: [] });
      expect(loops(graph)).toHaveLength(1);
      expect(loops(graph)[0]).toHaveLength(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
