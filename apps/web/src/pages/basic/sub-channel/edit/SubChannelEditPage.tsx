import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Result, Row, Space, Typography } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { subChannelsResource, type SubChannel } from '@rx/contracts/channels';
import { ErrorCode } from '@rx/contracts/errors';
import { seePermissionOf } from '@rx/contracts/pages';
import { permissionOf } from '@rx/contracts/resource';
import { usePermission } from '@/app/permission/index.ts';
import { serverFieldErrors, useFieldErrors, useResourceItem, validateWith } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { SubChannelFields } from '../SubChannelFields.tsx';
import { EditHistory, LOG_PAGE } from './EditHistory.tsx';

const resource = subChannelsResource;
/** Sub-channels are listed inside their channel's row on the channel list. */
const LIST_PAGE = '/basic/channel-list';
const LOG_SEE = seePermissionOf(LOG_PAGE);

/** A sub-channel on its own page: the frozen code stays read-only, every save is logged, then back to the list. */
export function SubChannelEditPage() {
  const { t } = useTranslation('channels');
  const message = useMessage();
  const { id } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const lang = useLocale((s) => s.language);
  const item = useResourceItem<SubChannel>(resource.name, id);
  const canEdit = usePermission([permissionOf(resource, 'update')]);
  const seesLog = usePermission([LOG_SEE]);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { problem, setProblem, show, onFieldsChange } = useFieldErrors(form);
  const sub = item.data;
  useEffect(() => {
    if (sub) form.setFieldsValue(sub);
  }, [sub, form]);

  if (item.isError) {
    return (
      <Result
        status="404"
        title={t('sub.notFound', { id })}
        extra={<Button onClick={() => void navigate(LIST_PAGE)}>{t('sub.back')}</Button>}
      />
    );
  }

  const save = async () => {
    if (!sub) return;
    const checked = validateWith(resource.update, { ...sub, ...form.getFieldsValue(true) }, lang);
    if (!checked.ok) return show(checked.errors);
    setSaving(true);
    setProblem(null);
    try {
      await http.put(`/${resource.name}/${sub.id}`, checked.data, { silent: true });
      await client.invalidateQueries({ queryKey: [resource.name] });
      void message.success(t('sub.savedLogged'));
      await navigate(LIST_PAGE);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) show(fields);
      else if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) setProblem(t('sub.stale'));
      else if (error instanceof ApiError) setProblem(error.msg);
      else throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(LIST_PAGE)}>
          {t('sub.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu:page.subChannelEdit')}
          {sub ? ` · ${sub.name}` : ''}
        </Typography.Title>
      </Space>
      <Row gutter={16}>
        <Col xs={24} lg={15}>
          <Card loading={item.isLoading}>
            {problem && (
              <Alert
                type="error"
                showIcon
                title={problem}
                style={{ marginBlockEnd: 16 }}
                action={
                  <Button size="small" onClick={() => void item.refetch().then(() => setProblem(null))}>
                    {t('sub.reload')}
                  </Button>
                }
              />
            )}
            <Form
              form={form}
              layout="vertical"
              disabled={!canEdit}
              onFinish={() => void save()}
              onFieldsChange={onFieldsChange}
            >
              <SubChannelFields frozen={sub?.frozen} />
              <Typography.Paragraph type="secondary">{t('sub.logNotice')}</Typography.Paragraph>
              <Space>
                <Button type="primary" htmlType="submit" loading={saving}>
                  {t('crud:action.save')}
                </Button>
                <Button disabled={false} onClick={() => void navigate(LIST_PAGE)}>
                  {t('crud:action.cancel')}
                </Button>
              </Space>
            </Form>
          </Card>
        </Col>
        {seesLog && sub && (
          <Col xs={24} lg={9}>
            <EditHistory targetType={resource.logTarget} targetId={sub.id} />
          </Col>
        )}
      </Row>
    </Flex>
  );
}
