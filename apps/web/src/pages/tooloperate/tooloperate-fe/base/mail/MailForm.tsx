import { useState } from 'react';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Button, Flex, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { giftResource, type GiftPackage } from '@rx/contracts/gift-packages';
import { LANGUAGES, LANGUAGE_NAMES, RTL_LANGUAGES, type Language } from '@rx/contracts/languages';
import { ATTACHMENT_TYPES, MAIL_ATTACHMENT_LIMIT, MAIL_TARGETS } from '@rx/contracts/mails';
import { propsResource, type Prop } from '@rx/contracts/props';
import { MultilangInput } from '@/shared/crud/index.ts';
import { textIn } from '@/shared/crud/ref-names.ts';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';
import { useLocale } from '@/shared/i18n.ts';
import { RichTextEditor } from '@/shared/rich-text/RichTextEditor.tsx';
import { UploadField } from '@/shared/upload/index.ts';
import { GroupSelect } from '@/shared/rules/GroupSelect.tsx';

const ACTIVE = { status: 'active' };
const GIFT_FILTERS = { status: 'active', usable_in: 'mail' };

/** The fields of a mail: what it says, what it carries, whom it reaches, when it goes and expires. */
export function MailForm() {
  const { t } = useTranslation('mail');
  const lang = useLocale((s) => s.language);
  const target = Form.useWatch('target');
  const [bodyLang, setBodyLang] = useState<Language>('zh');
  return (
    <>
      <Form.Item name="title" label={t('title')} required>
        <MultilangInput maxLength={100} />
      </Form.Item>
      <Form.Item label={t('body')} extra={t('bodyHint')}>
        <Flex vertical gap={8}>
          {/* A language picker rather than tabs: nine tabs overflow a phone's width into a menu. */}
          <Select
            style={{ width: 180 }}
            value={bodyLang}
            onChange={setBodyLang}
            aria-label={t('bodyLanguage')}
            options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          />
          {LANGUAGES.map((code) => (
            <div key={code} hidden={code !== bodyLang}>
              <Form.Item name={['body', code]} noStyle>
                <RichTextEditor
                  aria-label={`${t('body')} (${LANGUAGE_NAMES[code]})`}
                  dir={RTL_LANGUAGES.includes(code) ? 'rtl' : 'ltr'}
                />
              </Form.Item>
            </div>
          ))}
        </Flex>
      </Form.Item>
      <Form.Item name="sender" label={t('sender')} required>
        <Input maxLength={64} data-testid="mail-sender" />
      </Form.Item>
      <Form.Item label={t('attachments')} extra={t('attachmentsHint', { count: MAIL_ATTACHMENT_LIMIT })}>
        <Form.List name="attachments">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field) => (
                <Attachment
                  key={field.key}
                  name={field.name}
                  lang={lang}
                  onRemove={() => remove(field.name)}
                />
              ))}
              {fields.length < MAIL_ATTACHMENT_LIMIT && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ type: 'prop', id: null, quantity: 1 })}
                  data-testid="mail-add-attachment"
                >
                  {t('addAttachment')}
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="target" label={t('target')} required>
        <Radio.Group
          optionType="button"
          options={MAIL_TARGETS.map((value) => ({ value, label: t(`targets.${value}`) }))}
        />
      </Form.Item>
      {target === 'servers' && (
        <Form.Item name="servers" label={t('servers')} required extra={t('serversHint')}>
          <Select mode="tags" tokenSeparators={[',', '，', ' ']} maxCount={200} aria-label={t('servers')} />
        </Form.Item>
      )}
      {target === 'file' && (
        <Form.Item name="file_id" label={t('file')} required extra={t('fileHint')}>
          <OpenidUpload />
        </Form.Item>
      )}
      {target === 'groups' && (
        <Form.Item name="user_group_ids" label={t('userGroups')} required>
          <GroupSelect placeholder={t('pickGroups')} unavailable={t('groupsUnavailable')} />
        </Form.Item>
      )}
      <Space wrap>
        <TimeField name="send_at" label={t('sendAt')} extra={t('sendAtHint')} utc pickerLabel={t('sendAt')} />
        <TimeField
          name="expire_at"
          label={t('expireAt')}
          extra={t('expireAtHint')}
          utc
          pickerLabel={t('expireAt')}
        />
      </Space>
    </>
  );
}

/** One attachment row: a prop or a gift package of the product (active ones), and a quantity. */
function Attachment({
  name,
  lang,
  onRemove,
}: {
  name: number;
  lang: Parameters<typeof textIn>[1];
  onRemove: () => void;
}) {
  const { t } = useTranslation('mail');
  const type = Form.useWatch(['attachments', name, 'type']);
  const form = Form.useFormInstance();
  return (
    <Flex gap={8} wrap align="start" data-testid="mail-attachment">
      <Form.Item name={[name, 'type']} noStyle>
        <Select
          style={{ width: 120 }}
          aria-label={t('attachmentType')}
          options={ATTACHMENT_TYPES.map((value) => ({ value, label: t(`attachmentTypes.${value}`) }))}
          onChange={() => form.setFieldValue(['attachments', name, 'id'], null)}
        />
      </Form.Item>
      <Form.Item name={[name, 'id']} noStyle>
        {type === 'gift' ? (
          <RefSelect<GiftPackage>
            resource={giftResource.name}
            filters={GIFT_FILTERS}
            label={(row) => textIn(row.name, lang)}
            style={{ minWidth: 180, flex: 1 }}
            aria-label={t('attachmentTypes.gift')}
          />
        ) : (
          <RefSelect<Prop>
            resource={propsResource.name}
            filters={ACTIVE}
            label={(row) => textIn(row.name, lang)}
            style={{ minWidth: 180, flex: 1 }}
            aria-label={t('attachmentTypes.prop')}
          />
        )}
      </Form.Item>
      <Form.Item name={[name, 'quantity']} noStyle>
        <InputNumber min={1} max={1_000_000} style={{ width: 120 }} aria-label={t('quantity')} />
      </Form.Item>
      <Button
        type="text"
        icon={<MinusCircleOutlined />}
        onClick={onRemove}
        aria-label={t('removeAttachment')}
      />
    </Flex>
  );
}

/** The openid list upload: the field's value is the uploaded file's id. */
function OpenidUpload({ value, onChange }: { value?: string | null; onChange?: (id: string) => void }) {
  const { t } = useTranslation('mail');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <UploadField use="openid_list" onUploaded={(item) => onChange?.(item.id)} testId="mail-file" />
      {value && <Typography.Text type="secondary">{t('fileReady')}</Typography.Text>}
    </Space>
  );
}
