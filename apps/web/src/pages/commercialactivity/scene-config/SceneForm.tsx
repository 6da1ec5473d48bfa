import { Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_SCENE_COOLDOWN_SECONDS, SCENE_TRIGGERS, type PopupSceneCreate } from '@rx/contracts/popups';
import { StatusField, enumOptions } from '@/shared/crud/index.ts';

export const NEW_SCENE: PopupSceneCreate = {
  code: '',
  name: '',
  trigger: 'after_sign_in',
  max_popups: 1,
  cooldown_seconds: 0,
  status: 'active',
  description: '',
};

/** A scene's fields; the code is fixed once created (games ask by it). */
export function SceneForm({ editing }: { editing: boolean }) {
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
