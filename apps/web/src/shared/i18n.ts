import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import { create } from 'zustand';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '@rx/contracts/languages';
import { applyDocumentLanguage, directionOf, type Direction } from './document-language.ts';

/** `common`: shared strings; `menu`: page titles of the catalogue; `layout`, `nav`, `tabs`: the shell's parts. */
export const NAMESPACES = ['common', 'menu', 'layout', 'nav', 'tabs', 'crud'] as const;

type Bundle = Record<string, unknown>;
type Load<T> = () => Promise<T>;
const defaultOf = <T>(module: { default: T }) => module.default;
type Loaders = Record<string, () => Promise<Bundle>>;
// One lazy chunk per language and namespace; the sign-in page loads its own `login` bundles. Each
// language's list of them is a chunk too (locale-maps/), loaded once when the language is first used.
const languageMaps: Record<Language, Load<{ default: Loaders }>> = {
  zh: () => import('./locale-maps/zh.ts'),
  en: () => import('./locale-maps/en.ts'),
  ja: () => import('./locale-maps/ja.ts'),
  th: () => import('./locale-maps/th.ts'),
  vi: () => import('./locale-maps/vi.ts'),
  tl: () => import('./locale-maps/tl.ts'),
  id: () => import('./locale-maps/id.ts'),
  ar: () => import('./locale-maps/ar.ts'),
  tc: () => import('./locale-maps/tc.ts'),
};
const loadedMaps = new Map<Language, Promise<Loaders>>();
function bundlesOf(lang: Language): Promise<Loaders> {
  let map = loadedMaps.get(lang);
  if (!map) {
    map = languageMaps[lang]().then(defaultOf);
    loadedMaps.set(lang, map);
  }
  return map;
}

const antdLocales: Record<Language, Load<Locale>> = {
  zh: () => import('antd/es/locale/zh_CN').then(defaultOf),
  en: () => import('antd/es/locale/en_US').then(defaultOf),
  ja: () => import('antd/es/locale/ja_JP').then(defaultOf),
  th: () => import('antd/es/locale/th_TH').then(defaultOf),
  vi: () => import('antd/es/locale/vi_VN').then(defaultOf),
  // antd ships no Tagalog locale: ours (antd-locale-tl.ts) translates its texts.
  tl: () => import('./antd-locale-tl.ts').then(defaultOf),
  id: () => import('antd/es/locale/id_ID').then(defaultOf),
  ar: () => import('antd/es/locale/ar_EG').then(defaultOf),
  tc: () => import('antd/es/locale/zh_TW').then(defaultOf),
};

/** dayjs locale names, and how to load them (`en` is built in). */
const dayjsLocales: Record<Language, [name: string, load: Load<unknown>]> = {
  zh: ['zh-cn', () => import('dayjs/locale/zh-cn')],
  en: ['en', () => Promise.resolve()],
  ja: ['ja', () => import('dayjs/locale/ja')],
  th: ['th', () => import('dayjs/locale/th')],
  vi: ['vi', () => import('dayjs/locale/vi')],
  tl: ['tl-ph', () => import('dayjs/locale/tl-ph')],
  id: ['id', () => import('dayjs/locale/id')],
  ar: ['ar', () => import('dayjs/locale/ar')],
  tc: ['zh-tw', () => import('dayjs/locale/zh-tw')],
};

interface LocaleState {
  language: Language;
  direction: Direction;
  /** antd's strings for the language; undefined until the first `setLanguage` finishes. */
  antdLocale: Locale | undefined;
}

/** What React renders from: ConfigProvider reads the antd locale and the direction here. */
export const useLocale = create<LocaleState>(() => ({
  language: FALLBACK_LANGUAGE,
  direction: 'ltr',
  antdLocale: undefined,
}));

let initialised: Promise<unknown> | undefined;

function init(lang: Language): Promise<unknown> {
  initialised ??= i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: {},
    // Bundles are added per language as they are needed.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return initialised;
}

/** Namespaces of the pages opened so far: they follow every language switch too. */
const pageNamespaces = new Set<string>();

async function loadBundle(lang: Language, ns: string): Promise<void> {
  const load = (await bundlesOf(lang))[`../../locales/${lang}/${ns}.json`];
  // A namespace missing at build time simply has no strings: keys fall back to zh, then to the key.
  if (!load || i18next.hasResourceBundle(lang, ns)) return;
  i18next.addResourceBundle(lang, ns, await load(), true, true);
}

async function loadBundles(
  lang: Language,
  namespaces: Iterable<string> = [...NAMESPACES, ...pageNamespaces],
) {
  await Promise.all([...namespaces].map((ns) => loadBundle(lang, ns)));
}

/**
 * Loads a page area's strings (`locales/<lang>/<ns>.json`) before the page renders: a page module
 * awaits it at its top, so its chunk is ready with its words.
 */
export async function loadNamespace(ns: string): Promise<void> {
  pageNamespaces.add(ns);
  const lang = currentLanguage();
  await init(lang);
  await Promise.all([
    loadBundles(lang, [ns]),
    lang === FALLBACK_LANGUAGE ? undefined : loadBundles(FALLBACK_LANGUAGE, [ns]),
  ]);
}

let requested: Language | undefined;

/**
 * Switches the interface language: loads its namespaces (and the fallback's), antd's and dayjs's
 * locales, then sets `<html lang dir>`. When calls overlap, the last one wins.
 */
export async function setLanguage(lang: Language): Promise<void> {
  requested = lang;
  await init(lang);
  const [dayjsName, loadDayjs] = dayjsLocales[lang];
  // dayjs serves the date pickers of pages: it loads beside the shell, not in its first chunk.
  const [antdLocale, { default: dayjs }] = await Promise.all([
    antdLocales[lang](),
    import('dayjs'),
    loadDayjs(),
    loadBundles(lang),
    lang === FALLBACK_LANGUAGE ? undefined : loadBundles(FALLBACK_LANGUAGE),
  ]);
  if (requested !== lang) return;
  await i18next.changeLanguage(lang);
  dayjs.locale(dayjsName);
  applyDocumentLanguage(lang);
  useLocale.setState({ language: lang, direction: directionOf(lang), antdLocale });
}

/** The language requests are made in (the server translates `msg` by `Accept-Language`). */
export function currentLanguage(): Language {
  // The language being switched to counts at once, so requests made meanwhile already use it.
  if (requested) return requested;
  return isLanguage(i18next.language) ? i18next.language : FALLBACK_LANGUAGE;
}

/** Translation outside React (the HTTP client, the document title). */
export function translate(key: string): string {
  return i18next.isInitialized ? i18next.t(key) : key;
}
