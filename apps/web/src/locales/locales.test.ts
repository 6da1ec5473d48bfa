import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@rx/contracts/languages';

// Every namespace says the same things in all nine languages: a key missing in one language shows
// Chinese (the fallback) or the bare key to its staff, and a key only some languages have is a typo.

const LOCALES = new URL('./', import.meta.url);

type Tree = { [key: string]: Tree | string };

/** `a.b.c` for every string, and the placeholders (`{{x}}`) each one uses. */
function leaves(tree: Tree, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else for (const [k, v] of leaves(value, at)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
// i18next plural forms differ by language (Arabic has six): compare keys without the suffix.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

const read = (lang: string, file: string): Tree =>
  JSON.parse(readFileSync(new URL(`${lang}/${file}`, LOCALES), 'utf8')) as Tree;

describe('translations', () => {
  const namespaces = readdirSync(new URL(`${FALLBACK_LANGUAGE}/`, LOCALES)).filter((f) =>
    f.endsWith('.json'),
  );

  it('has every namespace in every language', () => {
    for (const lang of LANGUAGES)
      expect(readdirSync(new URL(`${lang}/`, LOCALES)).sort(), lang).toEqual([...namespaces].sort());
  });

  for (const file of namespaces) {
    it(`${file}: the same keys, none empty, the same placeholders in all nine languages`, () => {
      const zh = leaves(read(FALLBACK_LANGUAGE, file));
      const zhKeys = [...new Set([...zh.keys()].map(base))].sort();
      const problems: string[] = [];
      for (const lang of LANGUAGES) {
        const strings = leaves(read(lang, file));
        const keys = [...new Set([...strings.keys()].map(base))].sort();
        for (const key of zhKeys) if (!keys.includes(key)) problems.push(`${lang}: missing ${key}`);
        for (const key of keys) if (!zhKeys.includes(key)) problems.push(`${lang}: extra ${key}`);
        for (const [key, text] of strings) {
          if (!text.trim()) problems.push(`${lang}: empty ${key}`);
          const source = zh.get(key) ?? zh.get(`${base(key)}_other`) ?? zh.get(base(key));
          if (source !== undefined && placeholders(source).join() !== placeholders(text).join())
            problems.push(
              `${lang}: ${key} uses {{${placeholders(text).join(', ')}}}, zh {{${placeholders(source).join(', ')}}}`,
            );
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
