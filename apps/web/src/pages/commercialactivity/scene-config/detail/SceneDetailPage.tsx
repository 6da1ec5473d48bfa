import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Result, Space, Typography } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorCode } from '@rx/contracts/errors';
import { popupScenesResource, type PopupScene, type PopupSceneCreate } from '@rx/contracts/popups';
import { permissionOf } from '@rx/contracts/resource';
import { usePermission } from '@/app/permission/index.ts';
import { serverFieldErrors, useFieldErrors, useResourceItem, validateWith } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { NEW_SCENE, SceneForm } from '../SceneForm.tsx';
import { SCENE_LIST } from './paths.ts';

const resource = popupScenesResource;

/** What a copy of a scene starts with: its settings, a code and name marked as a copy. */
function copyOf(scene: PopupScene, suffix: string): PopupSceneCreate {
  return {
    code: `${scene.code}_copy`.slice(0, 64),
    name: `${scene.name} (${suffix})`.slice(0, 64),
    trigger: scene.trigger,
    max_popups: scene.max_popups,
    cooldown_seconds: scene.cooldown_seconds,
    status: scene.status,
    description: scene.description,
  };
}

/**
 * A scene on its own page (`/commercialactivity/scene-config/detail/:uid?/:copy?`): without a uid a
 * new scene, with one that scene edited (its code fixed), with `copy` a new scene filled from it.
 */
export function SceneDetailPage() {
  const { t } = useTranslation('popups');
  const message = useMessage();
  const { uid, copy } = useParams();
  const copying = !!uid && !!copy;
  const creating = !uid || copying;
  const navigate = useNavigate();
  const client = useQueryClient();
  const lang = useLocale((s) => s.language);
  const item = useResourceItem<PopupScene>(resource.name, uid);
  const canSave = usePermission([permissionOf(resource, creating ? 'create' : 'update')]);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { problem, setProblem, show, onFieldsChange } = useFieldErrors(form);
  const scene = item.data;
  useEffect(() => {
    if (!uid) form.setFieldsValue(NEW_SCENE);
    else if (scene) form.setFieldsValue(copying ? copyOf(scene, t('scene.copySuffix')) : scene);
  }, [uid, scene, copying, form, t]);

  const back = () => void navigate(SCENE_LIST);
  if (uid && item.isError) {
    return (
      <Result
        status="404"
        title={t('scene.notFound', { id: uid })}
        extra={<Button onClick={back}>{t('scene.back')}</Button>}
      />
    );
  }

  const save = async () => {
    const values = { ...(creating ? {} : scene), ...form.getFieldsValue(true) };
    const checked = creating
      ? validateWith(resource.create, values, lang)
      : validateWith(resource.update, values, lang);
    if (!checked.ok) return show(checked.errors);
    setSaving(true);
    setProblem(null);
    try {
      if (creating) await http.post(`/${resource.name}`, checked.data, { silent: true });
      else await http.put(`/${resource.name}/${scene!.id}`, checked.data, { silent: true });
      await client.invalidateQueries({ queryKey: [resource.name] });
      void message.success(t('scene.saved'));
      back();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) show(fields);
      else if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) setProblem(t('scene.stale'));
      else if (error instanceof ApiError) setProblem(error.msg);
      else throw error;
    } finally {
      setSaving(false);
    }
  };

  const title = copying ? t('scene.copyTitle') : creating ? t('scene.createTitle') : t('scene.editTitle');
  return (
    <Flex vertical gap={16}>
      <Space wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('scene.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
          {scene ? ` · ${scene.name}` : ''}
        </Typography.Title>
      </Space>
      <Card loading={!!uid && item.isLoading} style={{ maxWidth: 720 }}>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 16 }} />}
        <Form
          form={form}
          layout="vertical"
          disabled={!canSave}
          onFinish={() => void save()}
          onFieldsChange={onFieldsChange}
          data-testid="scene-detail"
        >
          <SceneForm editing={!creating} />
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('crud:action.save')}
            </Button>
            <Button disabled={false} onClick={back}>
              {t('crud:action.cancel')}
            </Button>
          </Space>
        </Form>
      </Card>
    </Flex>
  );
}
