import { Form, Input, InputNumber, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AD_DELIVERY_MEDIA, AD_OBJECT_LEVELS } from '@rx/contracts/ad-objects';
import { AD_RULE_ACTIONS, AD_RULE_METRICS, AD_RULE_OPS } from '@rx/contracts/ad-rules';
import type { AdReportAccounts } from '@rx/contracts/ad-reports';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';
import { enumOptions, SwitchField } from '@/shared/crud/index.ts';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { accountLabel } from '../_tools/account-label.ts';
import { MediumField } from '../_tools/media.tsx';

/** A rule's fields: conditions over the window's figures → an action, with its cool-down. */
export function RuleForm() {
  const { t } = useTranslation('adRules');
  const action = Form.useWatch<string | undefined>('action');
  const changes = action === 'budget' || action === 'bid';
  // The advertiser accounts of the chosen medium it may watch (none chosen: every one of them).
  const media = Form.useWatch<string | undefined>('media');
  const productId = useProduct((s) => s.productId);
  const accounts = useQuery({
    queryKey: ['ad-rules', productId, 'accounts', media],
    queryFn: ({ signal }) => http.get<AdReportAccounts>('/ad-rules/accounts', { media }, { signal }),
    enabled: !!media && !!productId,
  });
  return (
    <>
      <Form.Item name="name" htmlFor="ad-rule-name" label={t('columns.name')} required>
        <Input id="ad-rule-name" maxLength={64} />
      </Form.Item>
      <MediumField id="ad-rule-media" label={t('columns.media')} codes={AD_DELIVERY_MEDIA} />
      <Form.Item
        name="ad_account_ids"
        htmlFor="ad-rule-accounts"
        label={t('columns.accounts')}
        extra={t('accountsHint')}
      >
        <Select
          id="ad-rule-accounts"
          mode="multiple"
          allowClear
          loading={accounts.isFetching}
          optionFilterProp="label"
          options={(accounts.data?.list ?? []).map((a) => ({
            value: a.id,
            label: accountLabel(a.name, a.account_id),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="window_days"
        htmlFor="ad-rule-window"
        label={t('columns.window')}
        extra={t('windowHint')}
      >
        <InputNumber id="ad-rule-window" min={1} max={30} precision={0} />
      </Form.Item>
      <Form.Item label={t('columns.conditions')} required extra={t('conditionsHint')}>
        <RowsField
          name="conditions"
          max={5}
          wrap
          testId="ad-rule-conditions"
          newRow={{ metric: 'cost', op: 'gt', value: 0 }}
          addLabel={t('addCondition')}
          removeLabel={(i) => t('removeCondition', { n: i + 1 })}
          row={(field, i) => (
            <>
              <Form.Item name={[field.name, 'metric']} noStyle>
                <Select
                  aria-label={t('metricN', { n: i + 1 })}
                  style={{ width: 150 }}
                  options={enumOptions(t, AD_RULE_METRICS, 'metrics')}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'op']} noStyle>
                <Select
                  aria-label={t('opN', { n: i + 1 })}
                  style={{ width: 80 }}
                  options={enumOptions(t, AD_RULE_OPS, 'ops')}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'value']} noStyle>
                <InputNumber
                  aria-label={t('valueN', { n: i + 1 })}
                  min={0}
                  precision={0}
                  style={{ width: 140 }}
                />
              </Form.Item>
            </>
          )}
        />
      </Form.Item>
      <Form.Item name="action" htmlFor="ad-rule-action" label={t('columns.action')} required>
        <Select id="ad-rule-action" options={enumOptions(t, AD_RULE_ACTIONS, 'actions')} />
      </Form.Item>
      {action !== 'notify' && (
        <Form.Item name="level" htmlFor="ad-rule-level" label={t('columns.level')}>
          <Select id="ad-rule-level" options={enumOptions(t, AD_OBJECT_LEVELS, 'levels')} />
        </Form.Item>
      )}
      {changes && (
        <Form.Item
          name="change_percent"
          htmlFor="ad-rule-change"
          label={t('columns.change')}
          extra={t('changeHint')}
        >
          <InputNumber id="ad-rule-change" min={-90} max={500} precision={0} suffix="%" />
        </Form.Item>
      )}
      <Form.Item
        name="cooldown_minutes"
        htmlFor="ad-rule-cooldown"
        label={t('columns.cooldown')}
        extra={t('cooldownHint')}
      >
        <InputNumber id="ad-rule-cooldown" min={10} max={10_080} precision={0} />
      </Form.Item>
      <SwitchField name="enabled" id="ad-rule-enabled" label={t('columns.enabled')} />
    </>
  );
}
