import { useMemo } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { findPage } from '@rx/contracts/pages';
import { isPermitted } from '@/app/menu/build.ts';
import { useAccess } from '@/app/permission/index.ts';
import { useSession } from '@/app/session.ts';
import { isShortcutPage, mostVisited } from '@/app/tabs/visits.ts';

/** How many of the most used pages home offers. */
export const SHORTCUT_COUNT = 6;

/** The pages this user opens most (counted in this browser), among those they may still open. */
export function Shortcuts() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const access = useAccess();
  const userId = useSession((state) => state.user?.id);
  const pages = useMemo(() => {
    if (!userId) return [];
    const open = (path: string) => {
      const page = findPage(path);
      return page?.path === path && isShortcutPage(page) && isPermitted(page, access);
    };
    return mostVisited(userId, SHORTCUT_COUNT, open).map((path) => findPage(path)!);
  }, [userId, access]);

  if (pages.length === 0) return <Typography.Text type="secondary">{t('shortcuts.empty')}</Typography.Text>;
  return (
    <Flex wrap gap="small" component="nav" aria-label={t('shortcuts.title')} className="rx-home__shortcuts">
      {pages.map((page) => (
        <Button key={page.path} onClick={() => void navigate(page.path)}>
          {t(`menu:${page.meta.title}`)}
        </Button>
      ))}
    </Flex>
  );
}
