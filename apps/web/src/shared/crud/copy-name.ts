import { LANGUAGES, type Language } from '@rx/contracts/languages';
import type { MultilangValue } from './MultilangInput.tsx';

type CrudBundle = { copy?: { name?: string } };
// Every language's "copy" wording: a copy's name is data in nine languages, not interface text.
const bundles = import.meta.glob<CrudBundle>('../../locales/*/crud.json', { import: 'default' });

/** The name of a copy in every language: each text given gets that language's "(copy)". */
export async function copyName(name: MultilangValue): Promise<MultilangValue> {
  const entries = await Promise.all(
    LANGUAGES.map(async (lang): Promise<[Language, string]> => {
      const text = name[lang]?.trim() ?? '';
      if (!text) return [lang, ''];
      const load = bundles[`../../locales/${lang}/crud.json`];
      const template = (load && (await load()).copy?.name) || '{{name}}';
      return [lang, template.replace('{{name}}', text)];
    }),
  );
  return Object.fromEntries(entries);
}
