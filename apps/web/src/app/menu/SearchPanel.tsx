import { useEffect, useMemo, useRef, useState } from 'react';
import type { InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_CATALOGUE } from '@rx/contracts/pages';
import { FALLBACK_LANGUAGE } from '@rx/contracts/languages';
import { useOpenedOnce } from '@/shared/use-opened-once.ts';
import { BASENAME } from '../guard.ts';
import { useAccess } from '../permission/Permission.tsx';
import { buildMenu } from './build.ts';
import { matchItems, searchItems, SEARCH_SKIPS_TOP_LEVEL, type PinyinOf } from './search.ts';
import { SearchDialog } from './SearchDialog.tsx';
import { useOpenEntry } from './useMenu.ts';

async function loadPinyin(): Promise<PinyinOf> {
  const { pinyin } = await import('pinyin-pro');
  const options = { toneType: 'none', type: 'array', nonZh: 'consecutive' } as const;
  return (text) => ({
    full: pinyin(text, options).join(''),
    initials: pinyin(text, { ...options, pattern: 'first' }).join(''),
  });
}

/** The search dialog: type a title, pinyin or initials; ↑/↓ move, Enter opens, Esc closes. */
export default function SearchPanel({ open: shown, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('nav');
  const access = useAccess();
  const [pinyinOf, setPinyinOf] = useState<PinyinOf>();
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(0);
  const open = useOpenEntry(onClose);
  const input = useRef<InputRef>(null);
  const [wasShown, setWasShown] = useState(shown);
  // The titles are gathered when the search first opens, not when it mounts (closed, once the shell
  // is idle): translating every page's title and trail is a long task a page's load need not carry.
  const used = useOpenedOnce(shown);
  if (wasShown !== shown) {
    // Each opening starts with an empty query.
    setWasShown(shown);
    if (shown) {
      setQuery('');
      setHighlight(0);
    }
  }

  useEffect(() => {
    if (!shown || pinyinOf) return;
    let live = true;
    // Without pinyin the titles are still found by their text.
    loadPinyin().then(
      (of) => live && setPinyinOf(() => of),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [shown, pinyinOf]);

  useEffect(() => {
    if (!shown) return;
    // Typing starts at once: a key pressed before the field has focus (or exists) still counts.
    const toField = (event: globalThis.KeyboardEvent) => {
      const field = input.current?.input;
      if (field && document.activeElement === field) return;
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      if (field) return field.focus();
      event.preventDefault();
      setQuery((typed) => typed + event.key);
      setHighlight(0);
    };
    window.addEventListener('keydown', toField, true);
    return () => window.removeEventListener('keydown', toField, true);
  }, [shown]);

  // A new `inMenu` after a language switch: the titles are translated again.
  const { t: inMenu } = useTranslation('menu');
  const items = useMemo(() => {
    if (!used) return [];
    const menu = buildMenu(PAGE_CATALOGUE.slice(SEARCH_SKIPS_TOP_LEVEL), access, BASENAME);
    const chinese = i18n.getFixedT(FALLBACK_LANGUAGE, 'menu');
    return searchItems(
      menu,
      (key) => inMenu(key),
      (key) => chinese(key),
      pinyinOf,
    );
  }, [used, access, i18n, inMenu, pinyinOf]);
  const results = useMemo(() => matchItems(items, query), [items, query]);
  const current = Math.min(highlight, Math.max(results.length - 1, 0));

  const choose = (index: number) => {
    const item = results[index];
    if (item)
      open({ key: item.key, title: item.title, ...(item.newWindow ? { newWindow: item.newWindow } : {}) });
  };
  return (
    <SearchDialog
      open={shown}
      onClose={onClose}
      title={t('search.open')}
      input={input}
      query={query}
      onQuery={(next) => {
        setQuery(next);
        setHighlight(0);
      }}
      count={results.length}
      current={current}
      onHighlight={setHighlight}
      onChoose={choose}
      idPrefix="rx-menu-search"
      field={{ className: 'rx-menu-search-input', placeholder: t('search.placeholder') }}
    >
      {query.trim() && (
        <ul id="rx-menu-search-results" role="listbox" className="rx-menu-search-results">
          {results.length === 0 && <li aria-disabled>{t('search.empty')}</li>}
          {results.map((item, index) => (
            <li
              key={item.key}
              id={`rx-menu-search-${index}`}
              role="option"
              aria-selected={index === current}
              onMouseEnter={() => setHighlight(index)}
              onClick={() => choose(index)}
            >
              <span>{item.title}</span>
              {item.trail.length > 0 && (
                <span className="rx-menu-search-trail">{item.trail.join(' / ')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="rx-menu-search-hint">{t('search.hint')}</div>
    </SearchDialog>
  );
}
