import { Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOTTERY_ENTRY_KINDS, MAX_LOTTERY_PRIZES } from '@rx/contracts/lotteries';
import * as crud from '@/shared/crud/index.ts';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { TimeField } from '@/shared/crud/TimeField.tsx';

export const NEW_PRIZE = { key: '', name: '', weight: 1, stock: 1, per_player_cap: 0, attachments: [] };

/** A lottery's prizes (weight, stock, cap per player), its fallback, entry condition and mail. */
export function LotteryForm() {
  const { t } = useTranslation('lottery');
  const entryKind = Form.useWatch('entry_kind') as string | undefined;
  return (
    <>
      <Form.Item name="name" label={t('crud:field.name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item label={t('prizes')} required extra={t('prizesHint')}>
        <RowsField
          name="prizes"
          max={MAX_LOTTERY_PRIZES}
          wrap
          testId="lottery-prizes"
          newRow={NEW_PRIZE}
          addLabel={t('addPrize')}
          removeLabel={(i) => t('removePrize', { n: i + 1 })}
          row={(field, i) => (
            <>
              <Form.Item name={[field.name, 'key']} style={{ width: 90, marginBlockEnd: 0 }}>
                <Input aria-label={t('prizeKey', { n: i + 1 })} placeholder={t('keyShort')} maxLength={16} />
              </Form.Item>
              <Form.Item name={[field.name, 'name']} style={{ flex: '1 1 160px', marginBlockEnd: 0 }}>
                <Input
                  aria-label={t('prizeName', { n: i + 1 })}
                  placeholder={t('crud:field.name')}
                  maxLength={64}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'weight']} style={{ width: 110, marginBlockEnd: 0 }}>
                <InputNumber
                  aria-label={t('prizeWeight', { n: i + 1 })}
                  placeholder={t('weight')}
                  min={0}
                  max={1_000_000}
                  precision={0}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'stock']} style={{ width: 120, marginBlockEnd: 0 }}>
                <InputNumber
                  aria-label={t('prizeStock', { n: i + 1 })}
                  placeholder={t('stock')}
                  min={0}
                  max={10_000_000}
                  precision={0}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'per_player_cap']} style={{ width: 120, marginBlockEnd: 0 }}>
                <InputNumber
                  aria-label={t('prizeCap', { n: i + 1 })}
                  placeholder={t('cap')}
                  min={0}
                  max={1000}
                  precision={0}
                />
              </Form.Item>
            </>
          )}
        />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name={['fallback', 'name']} label={t('fallbackName')} required extra={t('fallbackHint')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name={['fallback', 'weight']} label={t('fallbackWeight')} required>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="entry_kind" htmlFor="lottery-entry" label={t('entryKind')} required>
          <Select
            id="lottery-entry"
            style={{ minWidth: 160 }}
            options={crud.enumOptions(t, LOTTERY_ENTRY_KINDS, 'entryKinds')}
          />
        </Form.Item>
        {entryKind && entryKind !== 'none' && (
          <Form.Item name="entry_min" label={t('entryMin')} required>
            <InputNumber min={0} max={100_000} precision={0} />
          </Form.Item>
        )}
        <Form.Item name="draws_per_player" label={t('drawsPerPlayer')} required>
          <InputNumber min={1} max={1000} precision={0} />
        </Form.Item>
      </Space>
      <TimeField name="starts_at" label={t('startsAt')} />
      <TimeField name="ends_at" label={t('endsAt')} />
      <Form.Item name="mail_title" label={t('mailTitle')} required extra={t('mailTitleHint')}>
        <Input maxLength={64} />
      </Form.Item>
    </>
  );
}
