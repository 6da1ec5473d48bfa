import { useCallback, useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  MAX_SCENE_COOLDOWN_SECONDS,
  SCENE_TRIGGERS,
  popupScenesResource,
  type PopupScene,
  type PopupSceneCreate,
} from '@rx/contracts/popups';
import { usePermission } from '@/app/permission/index.ts';
import {
  StatusField,
  enumOptions,
  enumSearch,
  statusColumn,
  statusSearch,
  updatedAtColumn,
} from '@/shared/crud/index.ts';
import { ResourceListPage, type Opening } from '@/shared/crud/ResourceListPage.tsx';

const NEW_SCENE: PopupSceneCreate = {
  code: '',
  name: '',
  trigger: 'after_sign_in',
  max_popups: 1,
  cooldown_seconds: 0,
  status: 'active',
  description: '',
};

/** A scene's fields; the code is fixed once created (games ask by it). */
function SceneForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('popups');
  return (
    <>
      <Space wrap>
        <Form.Item name="code" label={t('scene.code')} required extra={t('scene.codeHint')}>
          <Input maxLength={64} disabled={editing} placeholder="lobby_main" />
        </Form.Item>
        <Form.Item name="name" label={t('scene.name')} required>
          <Input maxLength={64} />
        </Form.Item>
      </Space>
      <Form.Item name="trigger" label={t('scene.trigger')} required>
        <Select options={enumOptions(t, SCENE_TRIGGERS, 'triggers')} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="max_popups" label={t('scene.maxPopups')} extra={t('scene.maxPopupsHint')}>
          <InputNumber min={1} max={10} />
        </Form.Item>
        <Form.Item name="cooldown_seconds" label={t('scene.cooldown')} extra={t('scene.cooldownHint')}>
          <InputNumber min={0} max={MAX_SCENE_COOLDOWN_SECONDS} />
        </Form.Item>
      </Space>
      <StatusField />
      <Form.Item name="description" label={t('scene.description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} />
      </Form.Item>
    </>
  );
}

/** Pop-up exposure scenes (`commercialization/see/scene`): the moments pop-ups show at; copy one as a new draft. */
export function ScenesPage() {
  const { t } = useTranslation('popups');
  const opening = useState<Opening<PopupScene>>({ editing: null });
  const [, open] = opening;
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
  const copy = useCallback(
    (scene: PopupScene) =>
      open({
        editing: 'new',
        values: {
          code: `${scene.code}_copy`.slice(0, 64),
          name: `${scene.name} (${t('scene.copySuffix')})`.slice(0, 64),
          trigger: scene.trigger,
          max_popups: scene.max_popups,
          cooldown_seconds: scene.cooldown_seconds,
          status: scene.status,
          description: scene.description,
        },
      }),
    [open, t],
  );

  return (
    <ResourceListPage<PopupScene>
      resource={popupScenesResource}
      title={t('menu:page.sceneConfig')}
      columns={columns}
      defaultSort="-id"
      opening={opening}
      search={[
        { name: 'q', label: t('crud:field.keyword') },
        enumSearch(t, 'trigger', t('scene.trigger'), SCENE_TRIGGERS, 'triggers'),
        statusSearch(t),
      ]}
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
