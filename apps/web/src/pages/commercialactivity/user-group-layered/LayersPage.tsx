import { useLayoutEffect } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Progress, Result, Space, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { userGroupsResource, type UserGroupLayer, type UserGroupLayerCount } from '@rx/contracts/user-groups';
import { useProduct } from '@/app/product/index.ts';
import { usePermission } from '@/app/permission/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatNumber } from '@/shared/format.ts';
import { http, ApiError } from '@/shared/http.ts';
import { GROUPS, useGroupByKey } from '@/shared/rules/group-by-key.ts';
import { useLayers } from './api.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

const LETTERS = 'ABCDEFGHIJKLMNOPQRST';

/**
 * A group's layers: exclusive percentage buckets (A 50 / B 30 / C 20, totalling at most 100). A
 * player's bucket comes from a hash of their openid and the group's salt, so they keep their layer
 * when the shares or the members change.
 */
export function LayersPage() {
  const { t } = useTranslation('user-groups');
  const { name } = useParams();
  const productId = useProduct((s) => s.productId);
  const message = useMessage();
  const client = useQueryClient();
  const canEdit = usePermission([userGroupsResource.permissions.edit]);
  const group = useGroupByKey(name);
  const layers = useLayers(group.data?.id);
  const [form] = Form.useForm<{ layers: UserGroupLayer[] }>();
  const watched = (Form.useWatch('layers', form) ?? []) as UserGroupLayer[];
  const total = watched.reduce((sum, l) => sum + (Number(l?.percent) || 0), 0);

  useLayoutEffect(() => {
    if (layers.data) form.setFieldsValue({ layers: layers.data.group.layers });
  }, [layers.data, form]);

  const save = useMutation({
    mutationFn: (values: { layers: UserGroupLayer[] }) =>
      http.put<{ layers: UserGroupLayerCount[] }>(
        `/${GROUPS}/${layers.data!.group.id}/layers`,
        { layers: values.layers, version: layers.data!.group.version },
        { silent: true },
      ),
    onSuccess: () => {
      void message.success(t('layers.saved'));
      void client.invalidateQueries({ queryKey: [GROUPS] });
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.msg : String(error)),
  });

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  // An unknown group (a stale link, another game's group) says so in the page's place.
  if (group.isError) return <Result status="404" title={t('notFound')} />;
  const g = layers.data?.group ?? group.data;
  const counts = layers.data?.layers ?? [];
  const members = g?.member_count ?? 0;

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('layers.of', { name: g?.label ?? name })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('layers.hint')}</Typography.Paragraph>
      {g && (
        <Space wrap style={{ marginBlockEnd: 12 }}>
          <Typography.Text>{t('layers.members', { count: members })}</Typography.Text>
          <Link to={`/commercialactivity/user-group-userlist/${g.uuid}`}>{t('layers.openMembers')}</Link>
        </Space>
      )}
      <Card size="small" title={t('layers.split')} style={{ marginBlockEnd: 16 }}>
        <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)} disabled={!canEdit}>
          <Form.List name="layers">
            {(items, { add, remove }) => (
              <>
                {items.map((item, i) => (
                  <Space key={item.key} wrap align="start" data-testid={`layer-row-${i}`}>
                    <Form.Item
                      name={[item.name, 'key']}
                      label={t('layers.key')}
                      rules={[{ required: true, pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/ }]}
                    >
                      <Input maxLength={32} style={{ width: 90 }} data-testid={`layer-key-${i}`} />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'name']}
                      label={t('layers.name')}
                      rules={[{ required: true, whitespace: true }]}
                    >
                      <Input maxLength={64} style={{ width: 160 }} data-testid={`layer-name-${i}`} />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'percent']}
                      label={t('layers.percent')}
                      rules={[{ required: true }]}
                    >
                      <InputNumber
                        min={1}
                        max={100}
                        addonAfter="%"
                        style={{ width: 120 }}
                        data-testid={`layer-percent-${i}`}
                      />
                    </Form.Item>
                    <Form.Item label=" ">
                      <Button
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('layers.remove')}
                        onClick={() => remove(item.name)}
                      />
                    </Form.Item>
                  </Space>
                ))}
                <Space wrap style={{ display: 'flex' }}>
                  <Button
                    icon={<PlusOutlined />}
                    data-testid="layer-add"
                    // Enabled once the saved layers are in the form (they would replace rows added before).
                    disabled={items.length >= 20 || !layers.data}
                    onClick={() => {
                      const letter = LETTERS[items.length] ?? String(items.length + 1);
                      add({ key: letter, name: letter, percent: Math.max(1, Math.min(100 - total, 10)) });
                    }}
                  >
                    {t('layers.add')}
                  </Button>
                  <Progress
                    percent={Math.min(total, 100)}
                    status={total > 100 ? 'exception' : 'normal'}
                    style={{ width: 180 }}
                    aria-label={t('layers.total', { total })}
                    format={() => t('layers.total', { total })}
                  />
                </Space>
              </>
            )}
          </Form.List>
          {total > 100 && (
            <Alert type="error" showIcon style={{ marginBlock: 8 }} title={t('layers.over100')} />
          )}
          {canEdit && (
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              disabled={total > 100 || !layers.data}
              style={{ marginBlockStart: 12 }}
              data-testid="layers-save"
            >
              {t('layers.save')}
            </Button>
          )}
        </Form>
      </Card>
      <div data-testid="layers-table">
        <ScrollTable<UserGroupLayerCount>
          rowKey="key"
          size="small"
          loading={layers.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={counts}
          columns={[
            { title: t('layers.key'), dataIndex: 'key', width: 80 },
            { title: t('layers.name'), dataIndex: 'name', width: 140 },
            { title: t('layers.percent'), dataIndex: 'percent', width: 90, render: (v: number) => `${v}%` },
            { title: t('members'), dataIndex: 'count', width: 110, render: (v: number) => formatNumber(v) },
            {
              title: t('layers.openMembers'),
              key: 'open',
              width: 120,
              render: (_, layer) =>
                g && (
                  <Link
                    to={`/commercialactivity/user-group-userlist/${g.uuid}?layer=${encodeURIComponent(layer.key)}`}
                  >
                    {t('layers.openMembers')}
                  </Link>
                ),
            },
          ]}
        />
      </div>
    </>
  );
}
