import { Suspense, useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { useTranslation } from 'react-i18next';
import { preloadable } from '@/shared/preloadable.tsx';
import { importChunk } from '../routes/modules.ts';
import './menu.css';

// The panel loads once the shell is idle and then mounts (closed), so typing right after Ctrl+K is
// not lost to a loading chunk; pinyin-pro (large) loads only when the search first opens. Mounting
// only once loaded, it never suspends (a fallback shown would hold back the page's reveal: see
// shared/preloadable.tsx).
const SearchPanel = preloadable(() => importChunk(() => import('./SearchPanel.tsx')).then((m) => m.default));

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 2000);
  return () => clearTimeout(id);
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The menu search: an icon button in the header, also opened with Ctrl+Shift+K (⇧⌘K on a Mac). */
export function MenuSearch() {
  const { t } = useTranslation('nav');
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  useEffect(
    () =>
      whenIdle(() => {
        SearchPanel.preload().then(
          () => setMounted(true),
          () => undefined, // announced by importChunk; opening the search shows the error
        );
      }),
    [],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Ctrl+K alone is the global search's (header/GlobalSearch.tsx).
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (!event.shiftKey) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shortcut = isMac ? '⇧⌘K' : 'Ctrl+Shift+K';
  return (
    <>
      <Tooltip title={`${t('search.open')} (${shortcut})`}>
        <Button
          type="text"
          className="rx-menu-search-trigger"
          icon={<SearchOutlined aria-hidden />}
          aria-label={t('search.open')}
          aria-keyshortcuts={isMac ? 'Meta+Shift+K' : 'Control+Shift+K'}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {(open || mounted) && (
        <Suspense fallback={null}>
          <SearchPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
