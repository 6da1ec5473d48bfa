import { Button, Card, Flex, Form, Input, Select } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES } from '@rx/contracts/languages';
import { REPLY_TYPES, blankReply, type ReplyType } from './auto-reply-helpers.ts';

const MAX_REPLIES = 10;

/** One reply: its type decides its fields; changing the type starts the reply over. */
function ReplyItem({ name, index, onRemove }: { name: number; index: number; onRemove?: () => void }) {
  const { t } = useTranslation('autoReply');
  const form = Form.useFormInstance();
  const type = Form.useWatch<ReplyType | undefined>(['replies', name, 'type'], form) ?? 'text';
  const url = (field: string, label: string) => (
    <Form.Item name={[name, field]} label={label} required={field === 'url'}>
      <Input placeholder="https://…" maxLength={500} aria-label={`${label} ${index + 1}`} />
    </Form.Item>
  );
  return (
    <Card
      size="small"
      title={
        <Form.Item name={[name, 'type']} noStyle>
          <Select
            aria-label={`${t('replyType')} ${index + 1}`}
            style={{ width: 140 }}
            options={REPLY_TYPES.map((value) => ({ value, label: t(`replyTypes.${value}`) }))}
            onChange={(next: ReplyType) => form.setFieldValue(['replies', name], blankReply(next))}
          />
        </Form.Item>
      }
      extra={
        onRemove && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('removeReply')}
            onClick={onRemove}
          />
        )
      }
    >
      {type === 'text' && (
        <Form.Item name={[name, 'text']} label={t('replyText')} required>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            aria-label={`${t('replyText')} ${index + 1}`}
          />
        </Form.Item>
      )}
      {type === 'text' && (
        <Form.Item name={[name, 'lang']} label={t('replyLang')} extra={t('replyLangHint')}>
          <Select
            aria-label={`${t('replyLang')} ${index + 1}`}
            placeholder={t('replyAnyLanguage')}
            options={[
              { value: '', label: t('replyAnyLanguage') },
              ...LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] })),
            ]}
          />
        </Form.Item>
      )}
      {(type === 'link' || type === 'card') && (
        <Form.Item name={[name, 'title']} label={t('replyTitle')} required>
          <Input maxLength={100} aria-label={`${t('replyTitle')} ${index + 1}`} />
        </Form.Item>
      )}
      {type === 'card' && (
        <Form.Item name={[name, 'description']} label={t('replyDescription')}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
        </Form.Item>
      )}
      {type === 'card' && url('image_url', t('replyImage'))}
      {type === 'image' ? url('url', t('replyImage')) : type !== 'text' && url('url', t('replyUrl'))}
    </Card>
  );
}

/** The replies a rule (or a welcome / no-match reply) sends, 1 to 10, each a text, image, link or card. */
export function RepliesEditor() {
  const { t } = useTranslation('autoReply');
  return (
    <Form.List name="replies">
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8}>
          {fields.map((field, index) => (
            <ReplyItem
              key={field.key}
              name={field.name}
              index={index}
              onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
            />
          ))}
          {fields.length < MAX_REPLIES && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(blankReply('text'))}>
              {t('addReply')}
            </Button>
          )}
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}
