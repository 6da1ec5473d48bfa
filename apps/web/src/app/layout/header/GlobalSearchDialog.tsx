import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Input, Modal, type InputRef } from 'antd';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GlobalSearchAnswer, SearchHit } from '@rx/contracts/search';
import { http } from '@/shared/http.ts';
import { useProduct } from '../../product/store.ts';
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
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length)
        setHighlight((index + (event.key === 'ArrowDown' ? 1 : -1) + hits.length) % hits.length);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      choose(hits[index]);
    }
  };
  const waiting = !!q && (!found || found.q !== q);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && input.current?.focus()}
      footer={null}
      closable={false}
      title={t('title')}
      destroyOnHidden
    >
      <Input
        ref={input}
        autoFocus
        allowClear
        size="large"
        maxLength={64}
        className="rx-global-search-input"
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t(productId ? 'placeholder' : 'placeholderNoGame')}
        aria-label={t('title')}
        value={query}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={hits.length > 0}
        aria-controls="rx-global-search-results"
        aria-activedescendant={hits.length ? `rx-global-search-${index}` : undefined}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
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
    </Modal>
  );
}
