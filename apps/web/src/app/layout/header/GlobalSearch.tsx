import { Suspense, lazy, useEffect, useState } from 'react';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '@/shared/i18n.ts';
import { HeaderButton } from './buttons.tsx';

// The dialog, its strings and its requests load on first opening only (the shell's first chunk is at
// its budget).
const Dialog = lazy(() => loadNamespace('search').then(() => import('./GlobalSearchDialog.tsx')));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The global search: players, orders, codes, tickets and staff, within what the caller may see.
 * Opened by its button or Ctrl+K (⌘K on a Mac); the menu search moved to Ctrl+Shift+K.
 */
export function GlobalSearch() {
  const { t } = useTranslation('nav');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (event.shiftKey) return;
      event.preventDefault();
      setOpened(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shortcut = isMac ? '⌘K' : 'Ctrl+K';
  return (
    <>
      <HeaderButton
        label={`${t('globalSearch')} (${shortcut})`}
        className="rx-global-search-trigger"
        icon={<FileSearchOutlined aria-hidden />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          <Dialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
