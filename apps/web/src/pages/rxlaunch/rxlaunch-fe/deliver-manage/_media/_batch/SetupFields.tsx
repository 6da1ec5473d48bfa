import { DatePicker, Form, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AD_GENDERS } from '@rx/contracts/ad-batch-templates';
import { adMediumOf } from '@rx/contracts/dimensions';

/** The form keeps cents (as the API takes them); staff type yuan. */
const asYuan = {
  getValueProps: (value: number | null | undefined) => ({ value: value == null ? null : value / 100 }),
  normalize: (value: number | null) => (value == null ? null : Math.round(value * 100)),
};
/** A day field kept as `YYYY-MM-DD` (empty: none). */
const asDay = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

/**
 * A batch's setup (a template's, or the editor's): daily budget and bid in yuan, the creative
 * layouts the medium takes, targeting and schedule; the medium's ranges shown beside them.
 */
export function SetupFields({ media }: { media: string }) {
  const { t } = useTranslation('ads');
  const rules = adMediumOf(media)?.batch;
  const yuan = (cents: number) => cents / 100;
  return (
    <>
      <Space wrap>
        <Form.Item
          name="budget"
          label={t('batches.budgetYuan')}
          required
          {...asYuan}
          extra={rules && t('setup.atLeast', { min: yuan(rules.budget[0]) })}
        >
          <InputNumber min={0} step={100} aria-label={t('batches.budgetYuan')} />
        </Form.Item>
        <Form.Item name="bid" label={t('batches.bidYuan')} required {...asYuan}>
          <InputNumber min={0} step={0.1} aria-label={t('batches.bidYuan')} />
        </Form.Item>
        <Form.Item name="layout" label={t('setup.layout')} required>
          <Select
            aria-label={t('setup.layout')}
            style={{ minWidth: 160 }}
            options={(rules?.layouts ?? []).map((l) => ({ value: l, label: t(`setup.layouts.${l}`) }))}
          />
        </Form.Item>
      </Space>
      <Space wrap>
        <Form.Item name={['targeting', 'genders']} label={t('setup.genders')} extra={t('setup.everyone')}>
          <Select
            mode="multiple"
            aria-label={t('setup.genders')}
            style={{ minWidth: 180 }}
            options={AD_GENDERS.map((g) => ({ value: g, label: t(`setup.gender.${g}`) }))}
          />
        </Form.Item>
        <Form.Item name={['targeting', 'age_min']} label={t('setup.ageMin')}>
          <InputNumber min={0} max={100} aria-label={t('setup.ageMin')} />
        </Form.Item>
        <Form.Item name={['targeting', 'age_max']} label={t('setup.ageMax')}>
          <InputNumber min={0} max={100} aria-label={t('setup.ageMax')} />
        </Form.Item>
      </Space>
      <Form.Item name={['targeting', 'regions']} label={t('setup.regions')} extra={t('setup.everywhere')}>
        <Select mode="tags" aria-label={t('setup.regions')} tokenSeparators={[',', '，']} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="schedule_start" label={t('setup.start')} extra={t('setup.now')} {...asDay}>
          <DatePicker aria-label={t('setup.start')} />
        </Form.Item>
        <Form.Item name="schedule_end" label={t('setup.end')} extra={t('setup.noEnd')} {...asDay}>
          <DatePicker aria-label={t('setup.end')} />
        </Form.Item>
      </Space>
    </>
  );
}

/** What a new setup starts from (the medium's smallest budget, everyone, from now). */
export function newSetup(media: string) {
  const rules = adMediumOf(media)?.batch;
  return {
    budget: rules?.budget[0] ?? 30_000,
    bid: 100,
    layout: rules?.layouts[0] ?? 'single_image',
    targeting: { genders: [], age_min: rules?.ages[0] ?? 18, age_max: rules?.ages[1] ?? 50, regions: [] },
    schedule_start: '',
    schedule_end: '',
  };
}
