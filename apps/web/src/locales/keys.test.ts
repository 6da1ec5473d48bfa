import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE } from '@rx/contracts/languages';

// Every key the code asks for by name exists: `t('x')` and `t('ns:x')` with a literal key are
// looked up in the namespaces of the file's `useTranslation(...)` (none: `common`). A misspelt key
// would show staff the bare key. Keys built at run time (`t(`types.${v}`)`) are not checked here.

const SRC = new URL('../', import.meta.url);
const LOCALES = new URL('./', import.meta.url);

type Tree = { [key: string]: Tree | string };

const bundles = new Map<string, Tree>(
  readdirSync(new URL(`${FALLBACK_LANGUAGE}/`, LOCALES))
    .filter((f) => f.endsWith('.json'))
    .map((f) => [
      f.slice(0, -'.json'.length),
      JSON.parse(readFileSync(new URL(`${FALLBACK_LANGUAGE}/${f}`, LOCALES), 'utf8')) as Tree,
    ]),
);

/** A key of a bundle: flat (`page.home`) or nested (`a.b`), or a plural (`count_one`, `count_other`). */
function hasKey(tree: Tree, key: string): boolean {
  const find = (node: Tree | string | undefined, path: string): boolean => {
    if (node === undefined || typeof node === 'string') return false;
    for (const candidate of [path, `${path}_one`, `${path}_other`])
      if (typeof node[candidate] === 'string') return true;
    const dot = path.indexOf('.');
    // Each dot may separate levels or belong to a flat key.
    for (let at = dot; at !== -1; at = path.indexOf('.', at + 1))
      if (find(node[path.slice(0, at)], path.slice(at + 1))) return true;
    return false;
  };
  return find(tree, key);
}

function sources(dir: URL): URL[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const url = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sources(url);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [url] : [];
  });
}

describe('translation keys in the code', () => {
  it('names only keys the Chinese bundles hold', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of sources(SRC)) {
      const code = readFileSync(file, 'utf8');
      const calls = [...code.matchAll(/useTranslation\(\s*([^)]*)\)/g)].map((m) => m[1]!.trim());
      const namespaces = new Set(
        calls.flatMap((args) => (args ? [...args.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!) : ['common'])),
      );
      // A helper handed another file's `t` translates in that file's namespaces: only `ns:key` is sure.
      const borrowsT = /\bt: (Translate|TFunction)/.test(code) || calls.length === 0;
      for (const [, literal] of code.matchAll(/\bt\(\s*'([^'$]+)'\s*[,)]/g)) {
        const [ns, key] = literal!.includes(':') ? literal!.split(':', 2) : [undefined, literal!];
        const candidates = ns ? [ns] : borrowsT ? [] : [...namespaces];
        if (candidates.length === 0) continue;
        checked++;
        if (!candidates.some((n) => bundles.has(n) && hasKey(bundles.get(n)!, key!)))
          missing.push(`${file.pathname.slice(SRC.pathname.length)}: ${literal}`);
      }
    }
    expect(checked).toBeGreaterThan(1500);
    expect(missing).toEqual([]);
  });
});
