import { Form, Input, InputNumber, Select, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { ANNOUNCEMENT_TYPES, CLICK_ACTIONS, SHOW_RULES } from '@rx/contracts/announcements';
import { LANGUAGES, LANGUAGE_NAMES, RTL_LANGUAGES } from '@rx/contracts/languages';
import { MultilangInput } from '@/shared/crud/index.ts';
import { VersionRangeFields } from '@/shared/forms/VersionRangeFields.tsx';
import { RichTextEditor } from '@/shared/rich-text/RichTextEditor.tsx';
import { UploadField } from '@/shared/upload/index.ts';
import { GroupSelect } from '@/shared/rules/GroupSelect.tsx';

/** The fields of a notice: what it says, where it leads, whom it reaches, when and how often. */
export function AnnouncementForm() {
  const { t } = useTranslation('announcements');
  const clickAction = Form.useWatch('click_action');
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`${group}.${value}`) }));
  return (
    <>
      <Form.Item name="type" label={t('type')} required>
        <Select options={options(ANNOUNCEMENT_TYPES, 'types')} />
      </Form.Item>
      <Form.Item name="title" label={t('title')} required>
        <MultilangInput maxLength={100} />
      </Form.Item>
      <Form.Item label={t('body')} extra={t('bodyHint')}>
        <Tabs
          size="small"
          items={LANGUAGES.map((lang) => ({
            key: lang,
            label: LANGUAGE_NAMES[lang],
            forceRender: true,
            children: (
              <Form.Item name={['body', lang]} noStyle>
                <RichTextEditor
                  aria-label={`${t('body')} (${LANGUAGE_NAMES[lang]})`}
                  dir={RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr'}
                />
              </Form.Item>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item name="image_url" label={t('image')}>
        <UploadField use="image" testId="notice-image" />
      </Form.Item>
      <Space.Compact block>
        <Form.Item name="click_action" label={t('clickAction')} style={{ minWidth: 140 }}>
          <Select options={options(CLICK_ACTIONS, 'clickActions')} />
        </Form.Item>
        {clickAction && clickAction !== 'none' && (
          <Form.Item
            name="click_target"
            label={clickAction === 'url' ? t('clickUrl') : t('clickPage')}
            required
            style={{ flex: 1 }}
          >
            <Input maxLength={500} placeholder={clickAction === 'url' ? 'https://' : 'shop/monthly'} />
          </Form.Item>
        )}
      </Space.Compact>
      <Form.Item name="channels" label={t('channels')} extra={t('emptyMeansAll')}>
        <Select mode="tags" tokenSeparators={[',', '，', ' ']} maxCount={50} />
      </Form.Item>
      <Form.Item name="servers" label={t('servers')} extra={t('emptyMeansAll')}>
        <Select mode="tags" tokenSeparators={[',', '，', ' ']} maxCount={200} />
      </Form.Item>
      <VersionRangeFields minLabel={t('minVersion')} maxLabel={t('maxVersion')} />
      <Form.Item name="user_group_ids" label={t('userGroups')} extra={t('userGroupsHint')}>
        <GroupSelect placeholder={t('everyone')} unavailable={t('groupsUnavailable')} />
      </Form.Item>
      <Space wrap>
        <TimeField name="start_at" label={t('startAt')} extra={t('startHint')} utc />
        <TimeField name="end_at" label={t('endAt')} extra={t('endHint')} utc />
      </Space>
      <Space wrap>
        <Form.Item name="priority" label={t('priority')} extra={t('priorityHint')}>
          <InputNumber min={0} max={999} />
        </Form.Item>
        <Form.Item name="show_rule" label={t('showRule')}>
          <Select style={{ minWidth: 160 }} options={options(SHOW_RULES, 'showRules')} />
        </Form.Item>
      </Space>
    </>
  );
}
