import { Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PUSH_PLAYERS_MAX, PUSH_PROVIDERS, PUSH_TARGETS } from '@rx/contracts/push';
import type { PushKind } from '@rx/contracts/dimensions';
import type { PushTemplate } from '@rx/contracts/push-subscriptions';
import { useQuery } from '@tanstack/react-query';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';
import { enumOptions, MultilangInput } from '@/shared/crud/index.ts';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { GroupSelect } from '@/shared/rules/GroupSelect.tsx';
import { UploadField } from '@/shared/upload/index.ts';
import { PushTimingFields } from './PushTimingFields.tsx';
import { ListedValues, PushAudienceFields } from './PushAudienceFields.tsx';
import { PushGroupLayers } from './PushGroupLayers.tsx';

/** App push providers (a WeChat subscribe message is its own kind of task). */
const APP_PROVIDERS = PUSH_PROVIDERS.filter((p) => p !== 'wechat');

/**
 * A push task's fields: what it says per language, where a tap leads, whom it reaches, when. A
 * WeChat subscribe message (kind `mini_program`, `mini_game`) names its template, its fields and
 * the page a tap opens instead of an image, a deep link, data, providers and a TTL.
 */
export function PushTaskForm({ kind = 'app' }: { kind?: PushKind }) {
  const { t } = useTranslation('push');
  const target = Form.useWatch('target');
  const wechat = kind !== 'app';
  return (
    <>
      <Form.Item name="name" label={t('task.name')} required extra={t('task.nameHint')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="title" label={t('task.title')} required>
        <MultilangInput maxLength={100} />
      </Form.Item>
      <Form.Item name="body" label={t('task.body')} required extra={t('task.bodyHint')}>
        <MultilangInput multiline maxLength={500} />
      </Form.Item>
      {wechat ? (
        <>
          <Form.Item
            name="template_id"
            label={t('task.templateId')}
            required
            extra={kind === 'mini_game' ? t('task.pickTemplateHint') : t('task.templateIdHint')}
          >
            {kind === 'mini_game' ? (
              <TemplatePicker />
            ) : (
              <Input maxLength={64} data-testid="push-template-id" />
            )}
          </Form.Item>
          <Form.Item name="page" label={t('task.page')} extra={t('task.pageHint')}>
            <Input maxLength={500} placeholder="pages/event/index" />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="image" label={t('task.image')}>
            <UploadField use="image" testId="push-image" />
          </Form.Item>
          <Form.Item name="deep_link" label={t('task.deepLink')} extra={t('task.deepLinkHint')}>
            <Input maxLength={500} placeholder="game://event/42" />
          </Form.Item>
        </>
      )}
      <Form.Item
        label={wechat ? t('task.fields') : t('task.data')}
        extra={
          wechat ? t(kind === 'mini_game' ? 'task.fieldsHintGame' : 'task.fieldsHint') : t('task.dataHint')
        }
      >
        <RowsField
          name="data"
          max={20}
          wrap
          testId="push-data"
          newRow={{ key: '', value: '' }}
          removeLabel={(index) => t('task.removeData', { n: index + 1 })}
          addLabel={t('task.addData')}
          row={(field, index) => (
            <>
              <Form.Item name={[field.name, 'key']} style={{ width: 180, marginBlockEnd: 0 }}>
                <Input
                  aria-label={`${wechat ? t('task.fieldKey') : t('task.dataKey')} ${index + 1}`}
                  maxLength={64}
                  placeholder={wechat ? 'thing1' : 'event_id'}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'value']} style={{ flex: 1, minWidth: 160, marginBlockEnd: 0 }}>
                <Input aria-label={`${t('task.dataValue')} ${index + 1}`} maxLength={500} />
              </Form.Item>
            </>
          )}
        />
      </Form.Item>
      <Form.Item name="target" label={t('task.target')} required>
        <Select options={enumOptions(t, PUSH_TARGETS, 'targets')} />
      </Form.Item>
      {target === 'groups' && (
        <>
          <Form.Item name="user_group_ids" label={t('task.userGroups')} required>
            <GroupSelect placeholder={t('task.pickGroups')} unavailable={t('task.groupsUnavailable')} />
          </Form.Item>
          <Form.Item
            name="user_group_layers"
            label={t('audience.groupLayers')}
            extra={t('audience.groupLayersHint')}
          >
            <PushGroupLayers />
          </Form.Item>
        </>
      )}
      {target === 'players' && (
        <Form.Item
          name="openids"
          label={t('task.openids')}
          required
          extra={t('task.openidsHint', { count: PUSH_PLAYERS_MAX })}
        >
          <Select
            mode="tags"
            tokenSeparators={[',', '，', ' ', '\n']}
            maxCount={PUSH_PLAYERS_MAX}
            open={false}
          />
        </Form.Item>
      )}
      <Space wrap>
        {!wechat && (
          <Form.Item name="providers" label={t('task.providers')} extra={t('task.emptyMeansAll')}>
            <Select
              mode="multiple"
              style={{ minWidth: 220 }}
              options={enumOptions(t, APP_PROVIDERS, 'providers')}
            />
          </Form.Item>
        )}
        <Form.Item name="countries" label={t('task.countries')} extra={t('task.countriesHint')}>
          <ListedValues placeholder="CN, JP" />
        </Form.Item>
      </Space>
      <PushAudienceFields kind={kind} />
      <Space wrap>
        <TimeField name="send_at" label={t('task.sendAt')} extra={t('task.sendAtHint')} utc />
        {!wechat && (
          <Form.Item name="ttl_seconds" label={t('task.ttl')} extra={t('task.ttlHint')}>
            <InputNumber min={0} max={2_419_200} />
          </Form.Item>
        )}
      </Space>
      <Space wrap>
        <Form.Item name="cap_count" label={t('task.capCount')} extra={t('task.capHint')}>
          <InputNumber min={0} max={100} />
        </Form.Item>
        <Form.Item name="cap_hours" label={t('task.capHours')}>
          <InputNumber min={1} max={720} />
        </Form.Item>
      </Space>
      <PushTimingFields />
    </>
  );
}

/** A mini-game's synced templates (the subscription page's): the ones still on WeChat. */
function TemplatePicker(props: { value?: string; onChange?: (value: string) => void; id?: string }) {
  const productId = useProduct((s) => s.productId);
  const templates = useQuery({
    queryKey: ['push-templates', productId],
    queryFn: () => http.get<PushTemplate[]>('/push-templates'),
    enabled: !!productId,
  });
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={templates.isLoading}
      data-testid="push-template-pick"
      options={(templates.data ?? [])
        .filter((tpl) => tpl.status === 'active')
        .map((tpl) => ({ value: tpl.template_id, label: `${tpl.title} (${tpl.template_id})` }))}
    />
  );
}
