import { Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdMappingChoices } from '@rx/contracts/ad-mappings';
import { http } from '@/shared/http.ts';
import { SwitchField } from '@/shared/crud/index.ts';
import { MediumField } from '../_tools/media.tsx';

const byLabel = (input: string, option?: { label?: string }) =>
  (option?.label ?? '').toLowerCase().includes(input.toLowerCase());

/** A mapping's fields: the sub-channel, then the medium's advertiser and optionally one of its campaigns. */
export function MappingForm() {
  const { t } = useTranslation('adMappings');
  const form = Form.useFormInstance();
  const media = Form.useWatch<string | undefined>('media');
  const accountId = Form.useWatch<number | undefined>('ad_account_id');
  const choices = useQuery({
    queryKey: ['ad-mappings', 'choices', media, accountId],
    queryFn: ({ signal }) =>
      http.get<AdMappingChoices>(
        '/ad-mappings/choices',
        { media, ad_account_id: accountId || undefined },
        { signal },
      ),
    enabled: Boolean(media),
  });
  const data = choices.data;
  return (
    <>
      <Form.Item name="sub_channel_id" htmlFor="ad-mapping-sub" label={t('columns.subChannel')} required>
        <Select
          id="ad-mapping-sub"
          showSearch={{ filterOption: byLabel }}
          loading={choices.isFetching}
          options={data?.sub_channels.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))}
        />
      </Form.Item>
      <MediumField
        id="ad-mapping-media"
        label={t('columns.media')}
        onChange={() => form.setFieldsValue({ ad_account_id: undefined, campaign_id: '' })}
      />
      <Form.Item name="ad_account_id" htmlFor="ad-mapping-account" label={t('columns.account')} required>
        <Select
          id="ad-mapping-account"
          showSearch={{ filterOption: byLabel }}
          loading={choices.isFetching}
          notFoundContent={t('noAccounts')}
          options={data?.accounts.map((a) => ({ value: a.id, label: `${a.name} (${a.account_id})` }))}
          onChange={() => form.setFieldsValue({ campaign_id: '' })}
        />
      </Form.Item>
      <Form.Item
        name="campaign_id"
        htmlFor="ad-mapping-campaign"
        label={t('columns.campaign')}
        extra={t('campaignHint')}
      >
        <Select
          id="ad-mapping-campaign"
          showSearch={{ filterOption: byLabel }}
          options={[
            { value: '', label: t('wholeAccount') },
            ...(data?.campaigns.map((c) => ({ value: c.object_id, label: `${c.name} (${c.object_id})` })) ??
              []),
          ]}
        />
      </Form.Item>
      <Form.Item name="note" htmlFor="ad-mapping-note" label={t('columns.note')}>
        <Input.TextArea id="ad-mapping-note" maxLength={200} rows={2} />
      </Form.Item>
      <SwitchField name="enabled" id="ad-mapping-enabled" label={t('columns.enabled')} />
    </>
  );
}
