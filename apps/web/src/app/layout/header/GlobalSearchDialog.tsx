import { useEffect, useRef, useState } from 'react';
import type { InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GlobalSearchAnswer, SearchHit } from '@rx/contracts/search';
import { http } from '@/shared/http.ts';
import { useProduct } from '../../product/store.ts';
import { SearchDialog } from '../../menu/SearchDialog.tsx';
import '../../menu/menu.css';

/** The typed text settles this long before it is searched (one request per pause, not per key). */
const SETTLE_MS = 250;

type Found = { q: string; answer: GlobalSearchAnswer } | { q: string; failed: true };

/** The global search dialog: type, ↑/↓ to move, Enter to open the hit's page, Esc to close. */
export default function GlobalSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const productId = useProduct((state) => state.productId);
  const input = useRef<InputRef>(null);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>();
  const [highlight, setHighlight] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setQuery('');
      setFound(undefined);
      setHighlight(0);
    }
  }

  const q = query.trim().slice(0, 64);
  useEffect(() => {
    if (!q) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      http.get<GlobalSearchAnswer>('/search', { q }, { signal: abort.signal }).then(
        (answer) => {
          setFound({ q, answer });
          setHighlight(0);
        },
        () => !abort.signal.aborted && setFound({ q, failed: true }),
      );
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q, productId]);

  const current = found && found.q === q && 'answer' in found ? found.answer : undefined;
  const hits = current?.hits ?? [];
  const index = Math.min(highlight, Math.max(hits.length - 1, 0));
  const choose = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onClose();
    void navigate(hit.path);
  };
  const waiting = !!q && (!found || found.q !== q);

  return (
    <SearchDialog
      open={open}
      onClose={onClose}
      title={t('title')}
      input={input}
      query={query}
      onQuery={setQuery}
      count={hits.length}
      current={index}
      onHighlight={setHighlight}
      onChoose={(i) => choose(hits[i])}
      idPrefix="rx-global-search"
      field={{
        maxLength: 64,
        className: 'rx-global-search-input',
        placeholder: t(productId ? 'placeholder' : 'placeholderNoGame'),
        'aria-label': t('title'),
        'aria-autocomplete': 'list',
      }}
    >
      <div aria-live="polite" aria-busy={waiting} className="rx-menu-search-hint">
        {found && found.q === q && 'failed' in found && t('failed')}
        {current && hits.length === 0 && t('empty')}
      </div>
      {hits.length > 0 && (
        <ul
          id="rx-global-search-results"
          role="listbox"
          aria-label={t('results')}
          className="rx-menu-search-results"
        >
          {hits.map((hit, i) => (
            <li
              key={`${hit.kind}:${hit.path}:${hit.title}`}
              id={`rx-global-search-${i}`}
              role="option"
              aria-selected={i === index}
              data-kind={hit.kind}
              onMouseEnter={() => setHighlight(i)}
              onClick={() => choose(hit)}
            >
              <span>
                <span className="rx-menu-search-trail">{t(`kind.${hit.kind}`)} · </span>
                <bdi>{hit.title}</bdi>
              </span>
              {hit.detail && (
                <span className="rx-menu-search-trail">
                  <bdi>{hit.detail}</bdi>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="rx-menu-search-hint">{t('hint')}</div>
    </SearchDialog>
  );
}
