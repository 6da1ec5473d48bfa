import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  ErrorCode,
  LANGUAGE_NAMES,
  LANGUAGES,
  RTL_LANGUAGES,
  isLanguage,
  type Language,
} from '@rx/contracts';
import {
  WEB_PROTOCOL_KINDS,
  WEB_SITE_PAGE,
  webProtocolAccess,
  type WebProtocolCompare,
  type WebProtocolDoc,
  type WebProtocolKind,
  type WebProtocolVersion,
  type WebProtocolVersionLine,
} from '@rx/contracts/web-site';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { serverFieldErrors, showFieldErrors } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { ApiError, http } from '@/shared/http.ts';
import { RichTextEditor } from '@/shared/rich-text/RichTextEditor.tsx';
import { AppModal } from '@/shared/ui/index.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

const STATUS_COLORS: Record<string, string> = {
  draft: 'processing',
  published: 'success',
  archived: 'default',
};
const isKind = (value: string | null): value is WebProtocolKind =>
  (WEB_PROTOCOL_KINDS as readonly string[]).includes(value ?? '');

/**
 * One protocol (terms, privacy, refund policy) in one language, opened from the site page: edit
 * the draft (rich text, sanitised by the server), publish it (the previous published version stays
 * in the history, read-only), read any version and compare two.
 */
export function ProtocolEditPage() {
  const { t } = useTranslation('webSite');
  const productId = useProduct((s) => s.productId);
  const [search, setSearch] = useSearchParams();
  const kind: WebProtocolKind = isKind(search.get('kind'))
    ? (search.get('kind') as WebProtocolKind)
    : 'terms';
  const language: Language = isLanguage(search.get('language')) ? (search.get('language') as Language) : 'en';
  const canEdit = usePermission([webProtocolAccess.permissions.edit]);
  const canPublish = usePermission([webProtocolAccess.permissions.approve]);
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<{ title: string; body: string }>();
  const [staleAt, setStaleAt] = useState<number | null>(null);
  const [viewing, setViewing] = useState<WebProtocolVersion | null>(null);
  const [pair, setPair] = useState<[number | null, number | null]>([null, null]);
  const base = `/web-protocols/${kind}/${language}`;
  const key = ['web-protocols', productId, kind, language];

  const doc = useQuery({
    queryKey: [...key, 'doc'],
    enabled: productId !== null,
    queryFn: ({ signal }) => http.get<WebProtocolDoc>(base, undefined, { signal }),
  });
  const history = useQuery({
    queryKey: [...key, 'history'],
    enabled: productId !== null,
    queryFn: ({ signal }) => http.get<WebProtocolVersionLine[]>(`${base}/versions`, undefined, { signal }),
  });
  const compare = useQuery({
    queryKey: [...key, 'compare', pair[0], pair[1]],
    enabled: productId !== null && pair[0] !== null && pair[1] !== null && pair[0] !== pair[1],
    queryFn: ({ signal }) =>
      http.get<WebProtocolCompare>(`${base}/compare`, { a: pair[0]!, b: pair[1]! }, { signal }),
  });
  // The editor starts from the draft, else from the published text (a new draft copies it).
  const draft = doc.data?.draft ?? null;
  const published = doc.data?.published ?? null;
  useEffect(() => {
    const from = draft ?? published;
    form.setFieldsValue({ title: from?.title ?? '', body: from?.body ?? '' });
  }, [draft, published, form]);
  const refresh = () => void client.invalidateQueries({ queryKey: ['web-protocols', productId] });

  const failed = (error: unknown) => {
    const fields = serverFieldErrors(error);
    if (fields) showFieldErrors(form, fields);
    else if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) setStaleAt(doc.dataUpdatedAt);
    else if (error instanceof ApiError) void message.error(error.msg);
  };
  const save = useMutation({
    mutationFn: (values: { title: string; body: string }) =>
      http.put<WebProtocolVersion>(
        `${base}/draft`,
        { ...values, version: draft?.version ?? 0 },
        { silent: true },
      ),
    onSuccess: () => {
      void message.success(t('protocols.draftSaved'));
      refresh();
    },
    onError: failed,
  });
  const publish = useMutation({
    mutationFn: () =>
      http.post<WebProtocolVersion>(`${base}/publish`, { version: draft!.version }, { silent: true }),
    onSuccess: (v) => {
      void message.success(t('protocols.publishedAs', { number: v.number }));
      refresh();
    },
    onError: failed,
  });
  const open = async (number: number) => {
    setViewing(await http.get<WebProtocolVersion>(`${base}/versions/${number}`));
  };

  // A conflict stays shown until the data is read again.
  const stale = staleAt !== null && staleAt === doc.dataUpdatedAt;
  if (productId === null) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
  const versions = history.data ?? [];
  const versionOptions = versions.map((v) => ({
    value: v.number,
    label: `v${v.number} · ${t(`versionStatus.${v.status}`)}`,
  }));
  return (
    <>
      <Space wrap style={{ marginBlockEnd: 8 }}>
        <Link to={WEB_SITE_PAGE}>{t('protocols.back')}</Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu:page.protocolEdit')}
        </Typography.Title>
      </Space>
      <Flex gap={12} wrap style={{ marginBlockEnd: 16 }}>
        <Select
          aria-label={t('protocols.kind')}
          style={{ minWidth: 180 }}
          value={kind}
          onChange={(next) => setSearch({ kind: next, language })}
          options={WEB_PROTOCOL_KINDS.map((value) => ({ value, label: t(`protocolKinds.${value}`) }))}
        />
        <Select
          aria-label={t('protocols.language')}
          style={{ minWidth: 160 }}
          value={language}
          onChange={(next) => setSearch({ kind, language: next })}
          options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        />
      </Flex>
      {doc.isError && <Alert type="warning" showIcon title={(doc.error as ApiError).msg} />}
      <Flex vertical gap={16}>
        <Card
          title={
            <Space wrap>
              <span>{t(`protocolKinds.${kind}`)}</span>
              <Tag>{LANGUAGE_NAMES[language]}</Tag>
              {draft && <Tag color="processing">{t('protocols.draftNumber', { number: draft.number })}</Tag>}
              {published && (
                <Tag color="success">{t('protocols.publishedNumber', { number: published.number })}</Tag>
              )}
            </Space>
          }
          loading={doc.isLoading}
        >
          {stale && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBlockEnd: 16 }}
              title={t('site.stale')}
              action={
                <Button size="small" onClick={refresh}>
                  {t('site.reload')}
                </Button>
              }
            />
          )}
          <Form
            form={form}
            layout="vertical"
            disabled={!canEdit}
            onFinish={(values) => save.mutate(values)}
            data-testid="protocol-form"
          >
            <Form.Item name="title" label={t('protocols.titleField')}>
              <Input maxLength={120} dir={dir} />
            </Form.Item>
            <Form.Item name="body" label={t('protocols.body')}>
              <RichTextEditor aria-label={`${t('protocols.body')} (${LANGUAGE_NAMES[language]})`} dir={dir} />
            </Form.Item>
            <Space wrap>
              {canEdit && (
                <Button htmlType="submit" loading={save.isPending} data-testid="protocol-save">
                  {t('protocols.saveDraft')}
                </Button>
              )}
              {canPublish && (
                <Popconfirm
                  title={t('protocols.publishConfirm')}
                  onConfirm={() => publish.mutate()}
                  disabled={!draft}
                >
                  <Button
                    type="primary"
                    disabled={!draft}
                    loading={publish.isPending}
                    data-testid="protocol-publish"
                  >
                    {t('protocols.publish')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          </Form>
        </Card>
        <Card title={t('protocols.history')}>
          <ScrollTable<WebProtocolVersionLine>
            size="small"
            rowKey="number"
            dataSource={versions}
            loading={history.isLoading}
            pagination={false}
            scroll={{ x: 520 }}
            columns={[
              {
                title: t('protocols.version'),
                dataIndex: 'number',
                width: 80,
                render: (n: number) => `v${n}`,
              },
              {
                title: t('crud:field.status'),
                dataIndex: 'status',
                width: 110,
                render: (s: string) => <Tag color={STATUS_COLORS[s]}>{t(`versionStatus.${s}`)}</Tag>,
              },
              {
                title: t('protocols.publishedAt'),
                key: 'published_at',
                width: 180,
                render: (_, v) =>
                  v.published_at ? `${formatDateTime(v.published_at)} · ${v.published_by}` : '—',
              },
              {
                title: t('crud:action.actions'),
                key: 'view',
                width: 90,
                render: (_, v) => (
                  <Button type="link" size="small" onClick={() => void open(v.number)}>
                    {t('protocols.view')}
                  </Button>
                ),
              },
            ]}
          />
          <Flex gap={8} wrap align="center" style={{ marginBlockStart: 16 }}>
            <span>{t('protocols.compare')}</span>
            <Select
              aria-label={t('protocols.compareFrom')}
              placeholder={t('protocols.compareFrom')}
              style={{ minWidth: 150 }}
              value={pair[0]}
              onChange={(a) => setPair([a, pair[1]])}
              options={versionOptions}
              data-testid="compare-a"
            />
            <span aria-hidden>→</span>
            <Select
              aria-label={t('protocols.compareTo')}
              placeholder={t('protocols.compareTo')}
              style={{ minWidth: 150 }}
              value={pair[1]}
              onChange={(b) => setPair([pair[0], b])}
              options={versionOptions}
              data-testid="compare-b"
            />
          </Flex>
          {compare.data && (
            <div
              data-testid="compare-diff"
              dir={dir}
              style={{ marginBlockStart: 12, fontFamily: 'monospace', fontSize: 12, overflowX: 'auto' }}
            >
              {compare.data.diff.map((line, i) => (
                <div
                  key={i}
                  className={`diff-${line.op}`}
                  style={{
                    background:
                      line.op === 'add'
                        ? 'rgba(82,196,26,0.15)'
                        : line.op === 'remove'
                          ? 'rgba(255,77,79,0.15)'
                          : undefined,
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-word',
                  }}
                >
                  <span aria-label={t(`diff.${line.op}`)}>
                    {line.op === 'add' ? '+ ' : line.op === 'remove' ? '− ' : '  '}
                  </span>
                  {line.text}
                </div>
              ))}
            </div>
          )}
        </Card>
      </Flex>
      <AppModal
        open={viewing !== null}
        title={viewing ? `${t(`protocolKinds.${viewing.kind}`)} v${viewing.number}` : ''}
        footer={null}
        onCancel={() => setViewing(null)}
      >
        {viewing && (
          <div dir={dir}>
            <Typography.Title level={5}>{viewing.title}</Typography.Title>
            {/* The body was sanitised by the server's shared allow-list when it was saved. */}
            <div className="rich-text-view" dangerouslySetInnerHTML={{ __html: viewing.body }} />
          </div>
        )}
      </AppModal>
    </>
  );
}
