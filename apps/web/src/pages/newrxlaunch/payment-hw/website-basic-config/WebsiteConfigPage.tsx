import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode, LANGUAGE_NAMES, LANGUAGES, type Language } from '@rx/contracts';
import {
  WEB_PROTOCOL_KINDS,
  WEB_PROTOCOL_PAGE,
  webSiteAccess,
  webSiteUpdateBody,
  type WebProtocolSummary,
  type WebSite,
} from '@rx/contracts/web-site';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { MultilangInput, serverFieldErrors, showFieldErrors, validateWith } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { ApiError, http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

const SITE = '/web-site';
/** Brand names stay as they are in every language; the others are translated. */
const BRANDS: Record<string, string> = { paypal: 'PayPal', apple_pay: 'Apple Pay', google_pay: 'Google Pay' };
const lower = {
  normalize: (value: string[] | undefined) => (value ?? []).map((v) => v.trim().toLowerCase()),
};
const upperList = {
  normalize: (value: string[] | undefined) => (value ?? []).map((v) => v.trim().toUpperCase()),
};

/** Protocol rows: every kind in every language the site offers (and any other that has a version). */
function protocolRows(site: WebSite | undefined, summaries: WebProtocolSummary[]) {
  const languages = new Set<string>(site?.languages ?? []);
  for (const s of summaries) languages.add(s.language);
  return WEB_PROTOCOL_KINDS.flatMap((kind) =>
    [...languages].map((language) => ({
      key: `${kind}:${language}`,
      kind,
      language: language as Language,
      summary: summaries.find((s) => s.kind === kind && s.language === language),
    })),
  );
}

/** The web recharge site's configuration (one per overseas game) and its protocols. */
export function WebsiteConfigPage() {
  const { t } = useTranslation('webSite');
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const canEdit = usePermission([webSiteAccess.permissions.edit]);
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [staleAt, setStaleAt] = useState<number | null>(null);
  const site = useQuery({
    queryKey: ['web-site', productId],
    enabled: productId !== null,
    queryFn: ({ signal }) => http.get<WebSite>(SITE, undefined, { signal }),
  });
  const protocols = useQuery({
    queryKey: ['web-protocols', productId, 'list'],
    enabled: productId !== null,
    queryFn: ({ signal }) => http.get<WebProtocolSummary[]>('/web-protocols', undefined, { signal }),
  });
  useEffect(() => {
    if (site.data) {
      form.resetFields();
      form.setFieldsValue(site.data);
    }
  }, [site.data, form]);
  const languages = Form.useWatch<Language[] | undefined>('languages', form) ?? [];
  const maintenance = Form.useWatch<boolean | undefined>('maintenance', form);

  const save = useMutation({
    mutationFn: (body: unknown) => http.put<WebSite>(SITE, body, { silent: true }),
    onSuccess: (next) => {
      client.setQueryData(['web-site', productId], next);
      void message.success(t('crud:action.saved'));
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) showFieldErrors(form, fields);
      else if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) setStaleAt(site.dataUpdatedAt);
      else if (error instanceof ApiError) void message.error(error.msg);
    },
  });
  const submit = () => {
    const values = { ...form.getFieldsValue(true), version: site.data?.version ?? 0 };
    const checked = validateWith(webSiteUpdateBody, values, lang);
    if (!checked.ok) {
      showFieldErrors(form, checked.errors);
      return;
    }
    save.mutate(checked.data);
  };

  // A conflict stays shown until the data is read again.
  const stale = staleAt !== null && staleAt === site.dataUpdatedAt;
  if (productId === null) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  if (site.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={(site.error as ApiError | undefined)?.msg ?? t('site.loadFailed')}
      />
    );
  const rows = protocolRows(site.data, protocols.data ?? []);
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.websiteBasics')}
      </Typography.Title>
      <Flex vertical gap={16}>
        <Card title={t('site.title')} loading={site.isLoading}>
          {stale && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBlockEnd: 16 }}
              title={t('site.stale')}
              action={
                <Button size="small" onClick={() => void site.refetch()}>
                  {t('site.reload')}
                </Button>
              }
            />
          )}
          <Form form={form} layout="vertical" disabled={!canEdit} onFinish={submit} data-testid="site-form">
            <Form.Item name="domains" label={t('site.domains')} extra={t('site.domainsHint')} {...lower}>
              <Select mode="tags" open={false} tokenSeparators={[',', ' ']} aria-label={t('site.domains')} />
            </Form.Item>
            <Form.Item label={t('site.paymentMethods')} extra={t('site.countriesHint')}>
              <Form.List name="payment_methods">
                {(fields) => (
                  <Flex vertical gap={8}>
                    {fields.map((field, index) => {
                      const method = form.getFieldValue(['payment_methods', index, 'method']) as string;
                      const label = BRANDS[method] ?? t(`methods.${method}`);
                      return (
                        <Flex key={field.key} gap={12} align="center" wrap data-testid={`method-${method}`}>
                          <Form.Item
                            name={[field.name, 'enabled']}
                            valuePropName="checked"
                            style={{ marginBlockEnd: 0 }}
                          >
                            <Switch aria-label={label} />
                          </Form.Item>
                          <span style={{ minWidth: 120 }}>{label}</span>
                          <Form.Item
                            name={[field.name, 'countries']}
                            style={{ flex: '1 1 200px', marginBlockEnd: 0 }}
                            {...upperList}
                          >
                            <Select
                              mode="tags"
                              open={false}
                              tokenSeparators={[',', ' ']}
                              placeholder={t('site.everywhere')}
                              aria-label={`${label}: ${t('site.countries')}`}
                            />
                          </Form.Item>
                        </Flex>
                      );
                    })}
                  </Flex>
                )}
              </Form.List>
            </Form.Item>
            <Flex gap={16} wrap>
              <Form.Item name="languages" label={t('site.languages')} style={{ flex: '2 1 260px' }}>
                <Select
                  mode="multiple"
                  aria-label={t('site.languages')}
                  options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
                />
              </Form.Item>
              <Form.Item
                name="default_language"
                label={t('site.defaultLanguage')}
                style={{ flex: '1 1 160px' }}
              >
                <Select
                  aria-label={t('site.defaultLanguage')}
                  options={(languages.length ? languages : LANGUAGES).map((value) => ({
                    value,
                    label: LANGUAGE_NAMES[value],
                  }))}
                />
              </Form.Item>
            </Flex>
            <Form.Item name="support_email" label={t('site.supportEmail')}>
              <Input type="email" dir="ltr" maxLength={254} />
            </Form.Item>
            <Form.Item name="maintenance" label={t('site.maintenance')} valuePropName="checked">
              <Switch aria-label={t('site.maintenance')} />
            </Form.Item>
            {maintenance && (
              <Form.Item name="maintenance_message" label={t('site.maintenanceMessage')}>
                <MultilangInput maxLength={500} />
              </Form.Item>
            )}
            {canEdit && (
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="site-save">
                {t('crud:action.save')}
              </Button>
            )}
            {site.data?.updated_at && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
                {t('site.savedBy', {
                  name: site.data.updated_by,
                  time: formatDateTime(site.data.updated_at),
                })}
              </Typography.Text>
            )}
          </Form>
        </Card>
        <Card title={t('protocols.title')}>
          <ScrollTable
            size="small"
            rowKey="key"
            dataSource={rows}
            loading={protocols.isLoading}
            pagination={false}
            scroll={{ x: 560 }}
            columns={[
              {
                title: t('protocols.kind'),
                dataIndex: 'kind',
                width: 150,
                render: (v: string) => t(`protocolKinds.${v}`),
              },
              {
                title: t('protocols.language'),
                dataIndex: 'language',
                width: 120,
                render: (v: Language) => LANGUAGE_NAMES[v],
              },
              {
                title: t('protocols.published'),
                key: 'published',
                width: 200,
                render: (_, row) =>
                  row.summary?.published_number ? (
                    <span>
                      <Tag color="success">v{row.summary.published_number}</Tag>
                      {row.summary.published_at && formatDateTime(row.summary.published_at)}
                    </span>
                  ) : (
                    <Tag>{t('protocols.none')}</Tag>
                  ),
              },
              {
                title: t('protocols.draft'),
                key: 'draft',
                width: 100,
                render: (_, row) =>
                  row.summary?.draft_number ? <Tag color="processing">v{row.summary.draft_number}</Tag> : '—',
              },
              {
                title: t('crud:action.actions'),
                key: 'actions',
                width: 100,
                render: (_, row) => (
                  <Link
                    to={`${WEB_PROTOCOL_PAGE}?kind=${row.kind}&language=${row.language}`}
                    data-testid={`edit-${row.kind}-${row.language}`}
                  >
                    {t('protocols.edit')}
                  </Link>
                ),
              },
            ]}
          />
        </Card>
      </Flex>
    </>
  );
}
