import { Button, Divider, Flex, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { KEYWORD_MATCHES, REPLY_MODES } from '@rx/contracts/auto-replies';
import { GAME_PLATFORMS, type GamePlatform } from '@rx/contracts/products';
import { ChannelSelect } from '../shared/channels.tsx';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { RepliesEditor } from './RepliesEditor.tsx';

interface PlatformSelectProps {
  value?: GamePlatform | null;
  onChange?: (value: GamePlatform | null) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
}

/** A platform, or every platform (null). A form control. */
export function PlatformSelect({
  value,
  onChange,
  id,
  disabled,
  'aria-label': ariaLabel,
}: PlatformSelectProps) {
  const { t } = useTranslation('autoReply');
  return (
    <Select<string>
      id={id}
      aria-label={ariaLabel}
      disabled={disabled}
      value={value ?? ''}
      onChange={(next) => onChange?.(next ? (next as GamePlatform) : null)}
      options={[
        { value: '', label: t('allPlatforms') },
        ...GAME_PLATFORMS.map((p) => ({ value: p, label: t(`platforms.${p}`) })),
      ]}
    />
  );
}

/** The keywords of a rule: each matched equal, contained, or as a regular expression. */
function KeywordsEditor() {
  const { t } = useTranslation('autoReply');
  return (
    <Form.List name="keywords">
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={0}>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="start">
              <Form.Item name={[field.name, 'match']} style={{ width: 130 }}>
                <Select
                  aria-label={`${t('match')} ${index + 1}`}
                  options={KEYWORD_MATCHES.map((value) => ({ value, label: t(`matches.${value}`) }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'text']} style={{ flex: 1 }}>
                <Input maxLength={100} aria-label={`${t('keyword')} ${index + 1}`} />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('removeKeyword')}
                disabled={fields.length <= 1}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          {fields.length < 50 && (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ text: '', match: 'contains' })}
            >
              {t('addKeyword')}
            </Button>
          )}
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}

/** The fields of a rule: where it applies, what fires it, what it answers and when. */
export function RuleForm() {
  const { t } = useTranslation('autoReply');
  return (
    <>
      <Form.Item name="name" label={t('name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item name="channel_id" label={t('channel')} style={{ flex: 1 }}>
          <ChannelSelect allLabel={t('allChannels')} />
        </Form.Item>
        <Form.Item name="platform" label={t('platform')} style={{ flex: 1 }}>
          <PlatformSelect />
        </Form.Item>
      </Flex>
      <Form.Item label={t('keywords')} required extra={t('keywordsHint')}>
        <KeywordsEditor />
      </Form.Item>
      <Divider titlePlacement="start" plain>
        {t('replies')}
      </Divider>
      <Form.Item name="mode" label={t('mode')}>
        <Radio.Group options={REPLY_MODES.map((value) => ({ value, label: t(`modes.${value}`) }))} />
      </Form.Item>
      <RepliesEditor />
      <Divider titlePlacement="start" plain>
        {t('when')}
      </Divider>
      <Flex gap={16}>
        <Form.Item name="priority" label={t('priority')} extra={t('priorityHint')} style={{ flex: 1 }}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked" style={{ flex: 1 }}>
          <Switch />
        </Form.Item>
      </Flex>
      <Flex gap={16}>
        <TimeField name="start_at" label={t('startAt')} style={{ flex: 1 }} placeholder={t('openEnded')} />
        <TimeField name="end_at" label={t('endAt')} style={{ flex: 1 }} placeholder={t('openEnded')} />
      </Flex>
    </>
  );
}
