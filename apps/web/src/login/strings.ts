import type { Language } from '@rx/contracts/languages';
import type zh from '@/locales/zh/login.json';

export type LoginStrings = typeof zh;

// One chunk per language: only the chosen language is fetched.
const bundles = import.meta.glob<LoginStrings>('../locales/*/login.json', { import: 'default' });

export function loadStrings(lang: Language): Promise<LoginStrings> {
  const load = bundles[`../locales/${lang}/login.json`] ?? bundles['../locales/zh/login.json']!;
  return load();
}
