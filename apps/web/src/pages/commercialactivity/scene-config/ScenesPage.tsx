import { useState } from 'react';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SCENE_TRIGGERS, popupScenesResource, type PopupScene } from '@rx/contracts/popups';
import { usePermission } from '@/app/permission/index.ts';
import { enumSearch, statusColumn, statusSearch, updatedAtColumn } from '@/shared/crud/index.ts';
import { ResourceListPage, type Opening } from '@/shared/crud/ResourceListPage.tsx';
import { NEW_SCENE, SceneForm } from './SceneForm.tsx';
import { SCENE_DETAIL } from './detail/paths.ts';

/** Pop-up exposure scenes (`commercialization/see/scene`): the moments pop-ups show at; copy one on its detail page. */
export function ScenesPage() {
  const { t } = useTranslation('popups');
  const opening = useState<Opening<PopupScene>>({ editing: null });
  const mayEdit = usePermission([popupScenesResource.permissions.edit]);

  const columns: ColumnsType<PopupScene> = [
    { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
    { title: t('scene.code'), dataIndex: 'code', width: 160, sorter: true },
    { title: t('scene.name'), dataIndex: 'name', width: 160 },
    {
      title: t('scene.trigger'),
      dataIndex: 'trigger',
      width: 140,
      render: (v: string) => t(`triggers.${v}`),
    },
    { title: t('scene.maxPopups'), dataIndex: 'max_popups', width: 110, sorter: true },
    {
      title: t('scene.cooldown'),
      dataIndex: 'cooldown_seconds',
      width: 120,
      sorter: true,
      render: (v: number) => (v ? t('scene.seconds', { count: v }) : t('scene.noCooldown')),
    },
    statusColumn<PopupScene>(t, false),
    updatedAtColumn<PopupScene>(t),
  ];
  const navigate = useNavigate();
  // A copy opens on the detail page, filled from the scene, saved as a new one.
  const copy = (scene: PopupScene) => void navigate(`${SCENE_DETAIL}/${scene.id}/copy`);

  return (
    <ResourceListPage<PopupScene>
      resource={popupScenesResource}
      title={t('menu:page.sceneConfig')}
      columns={columns}
      opening={opening}
      search={[enumSearch(t, 'trigger', t('scene.trigger'), SCENE_TRIGGERS, 'triggers'), statusSearch(t)]}
      newItem={NEW_SCENE}
      nameOf={(scene) => scene.name}
      formTitle={{ create: t('scene.createTitle'), edit: t('scene.editTitle') }}
      form={(editing) => <SceneForm editing={editing !== 'new'} />}
      rowActions={(scene) =>
        mayEdit ? (
          <Button type="link" size="small" onClick={() => copy(scene)} data-testid="scene-copy">
            {t('scene.copy')}
          </Button>
        ) : null
      }
      actionsWidth={220}
    />
  );
}
