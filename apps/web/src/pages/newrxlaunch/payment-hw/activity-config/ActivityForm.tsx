import { Button, Flex, Form, Input, InputNumber, Select } from 'antd';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { giftResource, type GiftPackage } from '@rx/contracts/gift-packages';
import { WEB_ACTIVITY_KINDS } from '@rx/contracts/web-site';
import { MultilangInput } from '@/shared/crud/index.ts';
import { textIn } from '@/shared/crud/ref-names.ts';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';
import { useLocale } from '@/shared/i18n.ts';

const upper = { normalize: (value: string | undefined) => (value ?? '').toUpperCase() };
const MAX_TIERS = 20;

/**
 * The fields of a top-up activity: name, kind, currency (cumulative), the tiers (threshold in minor
 * units ascending, gift package) and the window. Past the draft only the name and the end change.
 */
export function ActivityForm({ draft }: { draft: boolean }) {
  const { t } = useTranslation('webSite');
  const lang = useLocale((s) => s.language);
  const form = Form.useFormInstance();
  const kind = Form.useWatch<string>('kind');
  const giftLabel = (gift: GiftPackage) => `#${gift.id} · ${textIn(gift.name, lang)}`;
  const cumulative = kind === 'cumulative';
  const changeKind = (next: string) => {
    // A first top-up has one gift at threshold 0 and no currency.
    if (next === 'first') {
      const tiers = (form.getFieldValue('tiers') as { gift_package_id?: number }[] | undefined) ?? [];
      form.setFieldsValue({
        currency: '',
        tiers: [{ threshold: 0, gift_package_id: tiers[0]?.gift_package_id }],
      });
    }
  };
  return (
    <>
      <Form.Item name="name" label={t('activity.name')} required>
        <MultilangInput maxLength={64} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name="kind" label={t('activity.kind')} style={{ flex: '1 1 200px' }} required>
          <Select
            aria-label={t('activity.kind')}
            disabled={!draft}
            onChange={changeKind}
            options={WEB_ACTIVITY_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          />
        </Form.Item>
        {cumulative && (
          <Form.Item
            name="currency"
            label={t('activity.currency')}
            extra={t('activity.currencyHint')}
            style={{ flex: '1 1 160px' }}
            required
            {...upper}
          >
            <Input maxLength={3} dir="ltr" disabled={!draft} placeholder="USD" />
          </Form.Item>
        )}
      </Flex>
      <Form.Item
        label={cumulative ? t('activity.tiers') : t('activity.firstGift')}
        required
        extra={cumulative ? t('activity.tiersHint') : undefined}
      >
        <Form.List name="tiers">
          {(fields, { add, remove }, { errors }) => (
            <Flex vertical gap={8} data-testid="tier-editor">
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="start" wrap>
                  {cumulative && (
                    <Form.Item
                      name={[field.name, 'threshold']}
                      style={{ flex: '1 1 140px', marginBlockEnd: 0 }}
                    >
                      <InputNumber
                        min={1}
                        disabled={!draft}
                        style={{ width: '100%' }}
                        aria-label={`${t('activity.threshold')} ${index + 1}`}
                        placeholder={t('activity.threshold')}
                      />
                    </Form.Item>
                  )}
                  <Form.Item
                    name={[field.name, 'gift_package_id']}
                    style={{ flex: '2 1 200px', marginBlockEnd: 0 }}
                  >
                    <RefSelect<GiftPackage>
                      resource={giftResource.name}
                      filters={{ status: 'active' }}
                      label={giftLabel}
                      disabled={!draft}
                      aria-label={`${t('activity.gift')} ${index + 1}`}
                      placeholder={t('activity.gift')}
                    />
                  </Form.Item>
                  {cumulative && (
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={`${t('activity.removeTier')} ${index + 1}`}
                      disabled={!draft || fields.length <= 1}
                      onClick={() => remove(field.name)}
                    />
                  )}
                </Flex>
              ))}
              {cumulative && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={!draft || fields.length >= MAX_TIERS}
                  onClick={() => {
                    const tiers = (form.getFieldValue('tiers') as { threshold?: number }[] | undefined) ?? [];
                    const last = tiers[tiers.length - 1]?.threshold ?? 0;
                    add({ threshold: last + 1000, gift_package_id: undefined });
                  }}
                >
                  {t('activity.addTier')}
                </Button>
              )}
              <Form.ErrorList errors={errors} />
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Flex gap={16} wrap>
        <TimeField
          name="starts_at"
          label={t('activity.startsAt')}
          style={{ flex: '1 1 200px' }}
          required
          pickerLabel={t('activity.startsAt')}
          disabled={!draft}
        />
        <TimeField
          name="ends_at"
          label={t('activity.endsAt')}
          style={{ flex: '1 1 200px' }}
          required
          pickerLabel={t('activity.endsAt')}
        />
      </Flex>
    </>
  );
}
