import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANNEL_KINDS } from '@rx/contracts/channels';
import { StatusField } from '@/shared/crud/index.ts';

/** The fields of a distribution channel of the game. */
export function ChannelForm() {
  const { t } = useTranslation('channels');
  return (
    <>
      <Form.Item name="code" label={t('channel.code')} required extra={t('channel.codeHint')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="name" label={t('channel.name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" label={t('channel.kind')} required>
        <Radio.Group options={CHANNEL_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))} />
      </Form.Item>
      <StatusField />
    </>
  );
}
