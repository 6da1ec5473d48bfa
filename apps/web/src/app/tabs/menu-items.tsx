import type { TFunction } from 'i18next';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { VisitedView } from '@/shared/settings.ts';
import type { ContextMenuItem } from '@/shared/ui/ContextMenu.tsx';
import type { TabActions } from './actions.ts';
import { canClose, type CloseKind } from './views.ts';

const CLOSE_ENTRIES: [kind: CloseKind, key: string][] = [
  ['self', 'close'],
  ['others', 'closeOthers'],
  ['left', 'closeLeft'],
  ['right', 'closeRight'],
  ['all', 'closeAll'],
];

/** The right-click menu of the tab at `path`; entries that would close nothing are disabled. */
export function tabMenuItems(options: {
  path: string;
  views: readonly VisitedView[];
  actions: TabActions;
  t: TFunction;
}): ContextMenuItem[] {
  const { path, views, actions, t } = options;
  return [
    {
      key: 'refresh',
      label: t('tabs:menu.refresh'),
      icon: <ReloadOutlined />,
      onSelect: () => actions.refresh(path),
    },
    ...CLOSE_ENTRIES.map(([kind, key]) => ({
      key,
      label: t(`tabs:menu.${key}`),
      icon: kind === 'self' ? <CloseOutlined /> : undefined,
      disabled: !canClose(views, kind, path),
      onSelect: () => actions.close(kind, path),
    })),
  ];
}
