import { useEffect } from 'react';
import { Alert, Button, Card, Form, Segmented } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GiftPackage } from '@rx/contracts/gift-packages';
import {
  SHARE_REWARD_ON,
  shareTrackingResource,
  shareTrackingSettingsBody,
  type ShareTrackingSettings,
} from '@rx/contracts/share-tracking';
import { useProduct } from '@/app/product/index.ts';
import { usePermission } from '@/app/permission/index.ts';
import * as crud from '@/shared/crud/index.ts';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';

const SETTINGS = `/${shareTrackingResource.name}/settings`;
const GIFT_FILTERS = { status: 'active' };

/** When an invite earns the sharer a gift package by mail, and the mail's title. */
export function RewardSettings() {
  const { t } = useTranslation('shareTracking');
  const lang = useLocale((s) => s.language);
  const toast = useMessage();
  const client = useQueryClient();
  const productId = useProduct((s) => s.productId);
  const canEdit = usePermission([shareTrackingResource.permissions.edit]);
  const [form] = Form.useForm<ShareTrackingSettings>();
  const errors = crud.useFieldErrors(form);
  const settings = useQuery({
    queryKey: [shareTrackingResource.name, 'settings', productId],
    queryFn: () => http.get<ShareTrackingSettings>(SETTINGS),
    enabled: !!productId,
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const rewardOn = Form.useWatch('reward_on', form);
  const save = useMutation({
    mutationFn: (values: ShareTrackingSettings) =>
      http.put<ShareTrackingSettings>(SETTINGS, { ...values, version: settings.data?.version ?? 0 }),
    onSuccess: (saved) => {
      toast.success(t('settings.saved'));
      client.setQueryData([shareTrackingResource.name, 'settings', productId], saved);
    },
    onError: (error) => {
      const fields = crud.serverFieldErrors(error);
      if (fields) errors.show(fields);
    },
  });
  const submit = (values: ShareTrackingSettings) => {
    const checked = crud.validateWith(
      shareTrackingSettingsBody,
      { ...values, version: settings.data?.version ?? 0 },
      lang,
    );
    if (!checked.ok) return errors.show(checked.errors);
    save.mutate(values);
  };
  return (
    <Card
      size="small"
      title={t('settings.title')}
      loading={settings.isLoading}
      data-testid="share-reward-settings"
    >
      <Form<ShareTrackingSettings>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={submit}
        onFieldsChange={errors.onFieldsChange}
      >
        {errors.problem && (
          <Alert type="error" showIcon title={errors.problem} style={{ marginBlockEnd: 12 }} />
        )}
        <Form.Item name="reward_on" label={t('settings.rewardOn')} extra={t('settings.onceHint')}>
          <Segmented options={crud.enumOptions(t, SHARE_REWARD_ON, 'rewardOn')} />
        </Form.Item>
        {rewardOn !== 'off' && (
          <>
            <Form.Item name="reward_gift_id" label={t('settings.gift')} required>
              <RefSelect<GiftPackage>
                resource="gift-packages"
                filters={GIFT_FILTERS}
                label={(gift) => `#${gift.id} · ${crud.textIn(gift.name, lang)}`}
                aria-label={t('settings.gift')}
              />
            </Form.Item>
            <Form.Item name="reward_title" label={t('settings.mailTitle')} required>
              <crud.MultilangInput maxLength={100} />
            </Form.Item>
          </>
        )}
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('crud:action.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
