import { Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES } from '@rx/contracts/languages';
import {
  POPUP_CLICK_ACTIONS,
  POPUP_ORIENTATIONS,
  popupScenesResource,
  type PopupScene,
} from '@rx/contracts/popups';
import { enumOptions } from '@/shared/crud/index.ts';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { VersionRangeFields } from '@/shared/forms/VersionRangeFields.tsx';
import { GroupSelect } from '@/shared/rules/GroupSelect.tsx';
import { UploadField } from '@/shared/upload/index.ts';
import { IdsSelect } from './IdsSelect.tsx';

const ACTIVE = { status: 'active' };

/** A pop-up's fields: its images, what a tap does, whom and where it shows, when, how often. */
export function PopupForm() {
  const { t } = useTranslation('popups');
  const clickAction = Form.useWatch('click_action');
  return (
    <>
      <Form.Item name="name" label={t('popup.name')} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label={t('popup.images')} required extra={t('popup.imagesHint')}>
        <RowsField
          name="images"
          max={POPUP_ORIENTATIONS.length * LANGUAGES.length}
          wrap
          testId="popup-images"
          newRow={{ orientation: 'portrait', lang: 'en', url: '' }}
          removeLabel={(index) => t('popup.removeImage', { n: index + 1 })}
          addLabel={t('popup.addImage')}
          row={(field, index) => (
            <>
              <Form.Item name={[field.name, 'orientation']} style={{ width: 130, marginBlockEnd: 0 }}>
                <Select
                  aria-label={`${t('popup.orientation')} ${index + 1}`}
                  options={enumOptions(t, POPUP_ORIENTATIONS, 'orientations')}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'lang']} style={{ width: 130, marginBlockEnd: 0 }}>
                <Select
                  aria-label={`${t('popup.language')} ${index + 1}`}
                  options={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'url']} style={{ flex: 1, minWidth: 200, marginBlockEnd: 0 }}>
                <UploadField use="image" testId={`popup-image-${index}`} />
              </Form.Item>
            </>
          )}
        />
      </Form.Item>
      <Space.Compact block>
        <Form.Item name="click_action" label={t('popup.clickAction')} style={{ minWidth: 160 }}>
          <Select options={enumOptions(t, POPUP_CLICK_ACTIONS, 'clickActions')} />
        </Form.Item>
        {clickAction && clickAction !== 'none' && (
          <Form.Item
            name="click_target"
            label={t(`clickTargets.${clickAction as 'url' | 'in_game' | 'shop_item'}`)}
            required
            style={{ flex: 1 }}
          >
            <Input maxLength={500} placeholder={clickAction === 'url' ? 'https://' : ''} />
          </Form.Item>
        )}
      </Space.Compact>
      <Form.Item name="scene_ids" label={t('popup.scenes')} required extra={t('popup.scenesHint')}>
        <IdsSelect<PopupScene>
          path={popupScenesResource.name}
          filters={ACTIVE}
          label={(scene) => `${scene.name} (${scene.code})`}
          placeholder={t('popup.pickScenes')}
          unavailable={t('popup.scenesUnavailable')}
          max={20}
        />
      </Form.Item>
      <Form.Item name="user_group_ids" label={t('popup.userGroups')} extra={t('popup.userGroupsHint')}>
        <GroupSelect placeholder={t('popup.everyone')} unavailable={t('popup.groupsUnavailable')} />
      </Form.Item>
      <Form.Item name="tag_ids" label={t('popup.tags')} extra={t('popup.tagsHint')}>
        <IdsSelect<{ id: number; name: string; label: string }>
          path="profile-tags"
          label={(tag) => tag.label || tag.name}
          placeholder={t('popup.noCondition')}
          unavailable={t('popup.tagsUnavailable')}
          max={20}
        />
      </Form.Item>
      <Form.Item name="channels" label={t('popup.channels')} extra={t('popup.emptyMeansAll')}>
        <Select mode="tags" tokenSeparators={[',', '，', ' ']} maxCount={50} />
      </Form.Item>
      <VersionRangeFields minLabel={t('popup.minVersion')} maxLabel={t('popup.maxVersion')} />
      <Space wrap>
        <TimeField name="start_at" label={t('popup.startAt')} extra={t('popup.startHint')} utc />
        <TimeField name="end_at" label={t('popup.endAt')} extra={t('popup.endHint')} utc />
      </Space>
      <Form.Item name="priority" label={t('popup.priority')} extra={t('popup.priorityHint')}>
        <InputNumber min={0} max={999} />
      </Form.Item>
      <Space wrap>
        <Form.Item name="cap_per_day" label={t('popup.capPerDay')}>
          <InputNumber min={0} max={1000} />
        </Form.Item>
        <Form.Item name="cap_per_session" label={t('popup.capPerSession')}>
          <InputNumber min={0} max={1000} />
        </Form.Item>
        <Form.Item name="cap_total" label={t('popup.capTotal')} extra={t('popup.capHint')}>
          <InputNumber min={0} max={100000} />
        </Form.Item>
      </Space>
    </>
  );
}
