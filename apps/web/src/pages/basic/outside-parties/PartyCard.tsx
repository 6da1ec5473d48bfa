import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Radio, Space, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@rx/contracts/errors';
import {
  OUTSIDE_MODES,
  type OutsidePartyContract,
  type OutsidePartyItem,
  type OutsidePartyUpdateBody,
} from '@rx/contracts/outside-parties';
import { useProduct } from '@/app/product/index.ts';
import { serverFieldErrors, showFieldErrors, validateWith } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { ApiError, http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { CredentialField } from './CredentialField.tsx';
import { changeOf, type Values } from './party-change.ts';

/** One kind of outside party of the game: off, fake or real, its settings and its sealed credentials. */
export function PartyCard({
  contract,
  item,
  loading,
  canEdit,
}: {
  contract: OutsidePartyContract;
  item: OutsidePartyItem | undefined;
  loading: boolean;
  canEdit: boolean;
}) {
  const { t } = useTranslation('outside');
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const name = contract.name;
  const mode = Form.useWatch('mode', form) ?? item?.mode;

  useEffect(() => {
    if (!item) return;
    form.resetFields();
    form.setFieldsValue({ mode: item.mode, settings: item.settings, credentials: {}, clear: {} });
  }, [item, form]);

  const save = useMutation({
    mutationFn: (change: OutsidePartyUpdateBody) =>
      http.put<OutsidePartyItem>(`/outside-parties/${name}`, change, { silent: true }),
    onSuccess: (saved) => {
      setProblem(null);
      client.setQueryData<OutsidePartyItem[]>(['outside-parties', productId], (list) =>
        list?.map((p) => (p.party === name ? saved : p)),
      );
      void message.success(t('crud:action.saved'));
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) setProblem(showFieldErrors(form, fields).join(' ') || null);
      else if (error instanceof ApiError)
        setProblem(error.code === ErrorCode.CONFLICT ? t('crud:form.stale') : error.msg);
    },
  });

  const submit = (values: Values) => {
    const schema = values.mode === 'real' ? contract.settings : contract.settings.partial();
    const checked = validateWith(schema, changeOf(values, 0).settings, lang);
    if (!checked.ok) {
      showFieldErrors(
        form,
        Object.fromEntries(Object.entries(checked.errors).map(([path, text]) => [`settings.${path}`, text])),
      );
      return;
    }
    save.mutate(changeOf(values, item?.version ?? 0));
  };

  const settingKeys = Object.keys(contract.settings.shape);
  return (
    <Card
      loading={loading}
      title={t(`parties.${name}`)}
      extra={item?.default ? <Tag>{t('default')}</Tag> : null}
      data-testid={`party-${name}`}
    >
      <Typography.Paragraph type="secondary">{t(`partyIntro.${name}`)}</Typography.Paragraph>
      <Form form={form} layout="vertical" disabled={!canEdit} onFinish={submit} style={{ maxWidth: 720 }}>
        <Form.Item name="mode" label={t('mode.label')} extra={mode ? t(`modeHint.${mode}`) : undefined}>
          <Radio.Group
            optionType="button"
            options={OUTSIDE_MODES.map((value) => ({ value, label: t(`mode.${value}`) }))}
          />
        </Form.Item>
        {settingKeys.map((key) => (
          <Form.Item
            key={key}
            name={['settings', key]}
            label={t(`settings.${key}`)}
            extra={t(`settingsHint.${key}`)}
          >
            <Input dir="ltr" autoComplete="off" />
          </Form.Item>
        ))}
        {contract.credentials.map((credential) => (
          <CredentialField
            key={credential}
            party={name}
            name={credential}
            set={item?.credentials[credential] ?? false}
            canEdit={canEdit}
          />
        ))}
        {name === 'stripe' && productId !== null && (
          <Form.Item label={t('webhookUrl')}>
            <Typography.Text code copyable dir="ltr">
              {`${window.location.origin}/api/pay/v1/notify/stripe/${productId}`}
            </Typography.Text>
          </Form.Item>
        )}
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">
            {item?.updated_at
              ? t('updated', { name: item.updated_by, time: formatDateTime(item.updated_at) })
              : ''}
          </Typography.Text>
          {canEdit && (
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('crud:action.save')}
              </Button>
            </Space>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
