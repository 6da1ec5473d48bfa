import { Checkbox, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PUSH_QUIET_ACTIONS, PUSH_VARIANTS_MAX, type PushQuietHours } from '@rx/contracts/push';
import { enumOptions, MultilangInput } from '@/shared/crud/index.ts';
import { ClockInput, MomentInput } from '@/shared/crud/PickerInputs.tsx';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { useSession } from '@/app/session.ts';

const QUIET_DEFAULT: PushQuietHours = { start: '22:00', end: '08:00', action: 'defer' };

/** Quiet hours in the player's zone: on or off, from and to (HH:MM), defer or drop. */
function QuietHoursInput({
  value,
  onChange,
  id,
}: {
  value?: PushQuietHours | null;
  onChange?: (value: PushQuietHours | null) => void;
  id?: string;
}) {
  const { t } = useTranslation('push');
  const set = (patch: Partial<PushQuietHours>) => onChange?.({ ...(value ?? QUIET_DEFAULT), ...patch });
  return (
    <Flex gap={8} wrap align="center" data-testid="push-quiet">
      <Checkbox
        id={id}
        checked={!!value}
        onChange={(e) => onChange?.(e.target.checked ? QUIET_DEFAULT : null)}
      >
        {t('task.quietOn')}
      </Checkbox>
      {value && (
        <>
          <ClockInput
            style={{ width: 120 }}
            aria-label={t('task.quietStart')}
            value={value.start}
            onChange={(start) => set({ start })}
          />
          <ClockInput
            style={{ width: 120 }}
            aria-label={t('task.quietEnd')}
            value={value.end}
            onChange={(end) => set({ end })}
          />
          <Select
            style={{ width: 200 }}
            aria-label={t('task.quietAction')}
            value={value.action}
            options={enumOptions(t, PUSH_QUIET_ACTIONS, 'quietActions')}
            onChange={(action) => set({ action })}
          />
        </>
      )}
    </Flex>
  );
}

/**
 * When each player gets the push (a local time in their own zone, quiet hours in it), what counts
 * as a conversion, and the A/B variants with their shares and texts.
 */
export function PushTimingFields() {
  const { t } = useTranslation('push');
  // The CP's zone (players whose device names none are timed in it), set in CP settings.
  const cpZone = useSession((s) => s.cpConfig?.time_zone);
  const localHint = (
    <>
      {t('task.localSendAtHint')}
      {cpZone && <div data-testid="push-cp-time-zone">{t('task.cpTimeZone', { zone: cpZone })}</div>}
    </>
  );
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item name="local_send_at" label={t('task.localSendAt')} extra={localHint}>
          {/* A wall-clock moment without a zone (`YYYY-MM-DDTHH:mm`); empty: null. */}
          <MomentInput local style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="convert_hours" label={t('task.convertHours')} extra={t('task.convertHint')}>
          <InputNumber min={1} max={168} />
        </Form.Item>
      </Flex>
      <Form.Item name="quiet_hours" label={t('task.quietHours')} extra={t('task.quietHint')}>
        <QuietHoursInput />
      </Form.Item>
      <Form.Item label={t('task.variants')} extra={t('task.variantsHint')}>
        <RowsField
          name="variants"
          max={PUSH_VARIANTS_MAX}
          wrap
          mayEmpty
          testId="push-variants"
          newRow={{ key: '', name: '', percent: 50, title: { zh: '' }, body: { zh: '' } }}
          removeLabel={(index) => t('task.removeVariant', { n: index + 1 })}
          addLabel={t('task.addVariant')}
          row={(field, index) => (
            <Flex vertical gap={4} style={{ flex: 1, minWidth: 240 }}>
              <Flex gap={8} wrap>
                <Form.Item name={[field.name, 'key']} style={{ width: 120, marginBlockEnd: 0 }}>
                  <Input aria-label={`${t('task.variantKey')} ${index + 1}`} maxLength={32} placeholder="a" />
                </Form.Item>
                <Form.Item name={[field.name, 'name']} style={{ width: 160, marginBlockEnd: 0 }}>
                  <Input aria-label={`${t('task.variantName')} ${index + 1}`} maxLength={64} />
                </Form.Item>
                <Form.Item name={[field.name, 'percent']} style={{ marginBlockEnd: 0 }}>
                  <InputNumber
                    aria-label={`${t('task.variantPercent')} ${index + 1}`}
                    min={1}
                    max={100}
                    suffix="%"
                  />
                </Form.Item>
              </Flex>
              <Form.Item name={[field.name, 'title']} label={t('task.title')} style={{ marginBlockEnd: 0 }}>
                <MultilangInput maxLength={100} />
              </Form.Item>
              <Form.Item name={[field.name, 'body']} label={t('task.body')} style={{ marginBlockEnd: 0 }}>
                <MultilangInput multiline maxLength={500} />
              </Form.Item>
            </Flex>
          )}
        />
      </Form.Item>
    </>
  );
}
