import { useMemo, useState } from 'react';
import { Card, Flex, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  WECHAT_MESSAGE_TYPES,
  WECHAT_TRIGGERS,
  wechatServiceRulesResource,
  type WechatLogItem,
  type WechatRule,
  type WechatRuleCreate,
} from '@rx/contracts/wechat-service';
import { useProduct } from '@/app/product/index.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';

const NEW_RULE: Partial<WechatRuleCreate> = {
  name: '',
  trigger: 'keyword',
  keywords: [],
  messages: [{ type: 'text', text: '' }],
  priority: 0,
  enabled: true,
};

/** One message of the sequence: the fields its type needs. */
function MessageFields({ index }: { index: number }) {
  const { t } = useTranslation('wechatService');
  const type = Form.useWatch(['messages', index, 'type']) as
    WechatRule['messages'][number]['type'] | undefined;
  const n = index + 1;
  const item = (name: string, label: string, input: React.ReactNode) => (
    <Form.Item name={[index, name]} label={`${label} ${n}`} style={{ marginBlockEnd: 8 }}>
      {input}
    </Form.Item>
  );
  return (
    <Flex vertical style={{ flex: 1, minWidth: 0 }}>
      {item(
        'type',
        t('messageType'),
        <Select style={{ maxWidth: 220 }} options={crud.enumOptions(t, WECHAT_MESSAGE_TYPES, 'types')} />,
      )}
      {type === 'text' && item('text', t('text'), <Input.TextArea maxLength={600} rows={2} />)}
      {(type === 'miniprogram' || type === 'link') && item('title', t('msgTitle'), <Input maxLength={64} />)}
      {(type === 'image' || type === 'miniprogram') &&
        item('media_id', t('mediaId'), <Input maxLength={128} spellCheck={false} />)}
      {type === 'miniprogram' &&
        item('page', t('page'), <Input maxLength={500} placeholder="pages/index/index" />)}
      {type === 'link' && (
        <>
          {item('description', t('description'), <Input maxLength={120} />)}
          {item('url', t('url'), <Input maxLength={500} placeholder="https://" />)}
          {item('thumb_url', t('thumbUrl'), <Input maxLength={500} placeholder="https://" />)}
        </>
      )}
    </Flex>
  );
}

function RuleForm() {
  const { t } = useTranslation('wechatService');
  const trigger = Form.useWatch('trigger');
  return (
    <>
      <Form.Item name="name" label={t('name')} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="trigger" label={t('trigger')} required>
        <Select options={crud.enumOptions(t, WECHAT_TRIGGERS, 'triggers')} />
      </Form.Item>
      {trigger === 'keyword' && (
        <Form.Item name="keywords" label={t('keywords')} required extra={t('keywordsHint')}>
          <Select mode="tags" tokenSeparators={[',', '，']} maxCount={20} open={false} />
        </Form.Item>
      )}
      <Form.Item label={t('messages')} required extra={t('messagesHint')}>
        <RowsField
          name="messages"
          max={10}
          wrap
          testId="wechat-messages"
          newRow={{ type: 'text', text: '' }}
          removeLabel={(index) => t('removeMessage', { n: index + 1 })}
          addLabel={t('addMessage')}
          row={(field) => <MessageFields index={field.name} />}
        />
      </Form.Item>
      <Space wrap>
        <Form.Item name="priority" label={t('priority')} extra={t('priorityHint')}>
          <InputNumber min={0} max={1000} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </>
  );
}

/** What the auto push sent and what WeChat's windows refused, newest first. */
function LogCard() {
  const { t } = useTranslation('wechatService');
  const productId = useProduct((s) => s.productId);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const log = useQuery({
    queryKey: ['wechat-service-log', productId, page],
    queryFn: () =>
      http.get<{ list: WechatLogItem[]; total: number }>('/wechat-service-log', {
        page: page.current,
        page_size: page.pageSize,
      }),
    enabled: !!productId,
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<WechatLogItem> = [
    { title: t('log.at'), dataIndex: 'at', width: 170, render: (at: string) => formatDateTime(at) },
    { title: 'openid', dataIndex: 'openid', width: 180 },
    { title: t('log.rule'), dataIndex: 'rule_name', width: 160 },
    {
      title: t('messageType'),
      dataIndex: 'message_type',
      width: 120,
      render: (type: string) => t(`types.${type}`),
    },
    {
      title: t('log.outcome'),
      dataIndex: 'outcome',
      width: 110,
      render: (outcome: WechatLogItem['outcome']) => (
        <Tag
          color={outcome === 'sent' ? 'green' : outcome === 'refused' ? 'orange' : 'red'}
          data-testid="log-outcome"
        >
          {t(`outcomes.${outcome}`)}
        </Tag>
      ),
    },
    {
      title: t('log.reason'),
      dataIndex: 'reason',
      render: (reason: string) => (reason ? t(`reasons.${reason}`, { defaultValue: reason }) : '—'),
    },
  ];
  return (
    <Card title={t('log.title')} style={{ marginBlockStart: 16 }}>
      <Typography.Paragraph type="secondary">{t('windowsNote')}</Typography.Paragraph>
      <DataTable<WechatLogItem>
        rowKey="id"
        size="small"
        loading={log.isLoading}
        columns={columns}
        dataSource={log.data?.list ?? []}
        scroll={{ x: 900 }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: log.data?.total ?? 0,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        aria-label={t('log.title')}
      />
    </Card>
  );
}

/**
 * WeChat customer-service auto push (`wechat_push/see/service_reply`): rules answering a trigger with
 * a sequence of messages, and the log of what WeChat's windows let through.
 */
export function WechatServicePage() {
  const { t } = useTranslation('wechatService');
  const columns = useMemo<ColumnsType<WechatRule>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      { title: t('name'), dataIndex: 'name', width: 180, ellipsis: true },
      {
        title: t('trigger'),
        dataIndex: 'trigger',
        width: 140,
        render: (trigger: WechatRule['trigger']) => t(`triggers.${trigger}`),
      },
      {
        title: t('keywords'),
        dataIndex: 'keywords',
        width: 200,
        render: (list: string[]) =>
          list.length ? (
            <Space size={[4, 4]} wrap>
              {list.map((k) => (
                <Tag key={k}>{k}</Tag>
              ))}
            </Space>
          ) : (
            '—'
          ),
      },
      {
        title: t('messages'),
        dataIndex: 'messages',
        width: 200,
        render: (messages: WechatRule['messages']) => messages.map((m) => t(`types.${m.type}`)).join(' → '),
      },
      { title: t('priority'), dataIndex: 'priority', width: 90, sorter: true },
      crud.enabledColumn<WechatRule>(t, t('enabled'), 90),
      crud.updatedAtColumn<WechatRule>(t),
    ],
    [t],
  );
  return (
    <>
      <ResourceListPage<WechatRule>
        resource={wechatServiceRulesResource}
        title={t('menu:page.wechatServicePush')}
        columns={columns}
        drawerWidth={720}
        search={[
          crud.enumSearch(t, 'trigger', t('trigger'), WECHAT_TRIGGERS, 'triggers'),
          crud.enabledSearch(t),
        ]}
        newFields={NEW_RULE}
        nameOf={(rule) => rule.name}
        form={() => <RuleForm />}
      />
      <LogCard />
    </>
  );
}
