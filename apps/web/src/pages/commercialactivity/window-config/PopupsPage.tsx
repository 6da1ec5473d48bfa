import { useCallback } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  POPUP_LIFECYCLE,
  POPUP_STATES,
  popupsResource,
  type Popup,
  type PopupCreate,
} from '@rx/contracts/popups';
import { ellipsisColumn, enumSearch, updatedAtColumn } from '@/shared/crud/index.ts';
import { LifecycleListPage, type LifecycleColumns } from '@/shared/crud/LifecycleListPage.tsx';
import { PopupForm } from './PopupForm.tsx';

const NEW_POPUP: PopupCreate = {
  name: '',
  images: [{ orientation: 'portrait', lang: 'zh', url: '' }],
  click_action: 'none',
  click_target: '',
  scene_ids: [],
  user_group_ids: [],
  tag_ids: [],
  channels: [],
  min_version: '',
  max_version: '',
  start_at: null,
  end_at: null,
  priority: 0,
  cap_per_day: 1,
  cap_per_session: 1,
  cap_total: 0,
};

/** In-game pop-ups (`commercialization/see/window`): along the lifecycle, each with its stats page. */
export function PopupsPage() {
  const { t } = useTranslation('popups');
  const columns = useCallback(
    ({ id, status, window }: LifecycleColumns<Popup>): ColumnsType<Popup> => [
      id,
      ellipsisColumn<Popup>({ title: t('popup.name'), dataIndex: 'name', width: 200 }, (popup) => popup.name),
      status,
      { title: t('popup.priority'), dataIndex: 'priority', width: 90, sorter: true },
      window,
      {
        title: t('popup.caps'),
        key: 'caps',
        width: 150,
        render: (_, p) =>
          [p.cap_per_day, p.cap_per_session, p.cap_total].map((cap) => (cap ? cap : '∞')).join(' / '),
      },
      {
        title: t('popup.scenes'),
        key: 'scenes',
        width: 90,
        render: (_, p) => p.scene_ids.length,
      },
      updatedAtColumn<Popup>(t),
    ],
    [t],
  );
  return (
    <LifecycleListPage<Popup>
      resource={popupsResource}
      lifecycle={POPUP_LIFECYCLE}
      ns="popups"
      testIdPrefix="popup"
      title={t('menu:page.windowConfig')}
      columns={columns}
      windowLabels={{ title: t('popup.window'), atOnce: t('popup.onPublish'), noEnd: t('popup.untilEnded') }}
      actionsWidth={300}
      search={[enumSearch(t, 'status', t('popup.status'), POPUP_STATES, 'states')]}
      newItem={NEW_POPUP}
      nameOf={(popup) => popup.name}
      formTitle={{ create: t('popup.createTitle'), edit: t('popup.editTitle') }}
      form={() => <PopupForm />}
      lockedNote={t('popup.recallToEdit')}
      bulk={['end']}
      rowActions={(popup) => (
        <Link to={`/commercialactivity/window-config-detail/${popup.id}`} data-testid="popup-stats">
          {t('popup.stats')}
        </Link>
      )}
    />
  );
}
