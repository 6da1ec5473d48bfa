import { Button, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { LADDER_ACTIONS, VIOLATION_CATEGORIES } from '@rx/contracts/violation-templates';
import { SANCTION_FEATURES } from '@rx/contracts/sanctions';
import { MultilangInput, StatusField } from '@/shared/crud/index.ts';

/**
 * A template's fields: code (never changes), name, category, the ladder (one rung per offence:
 * action, feature, minutes or empty for permanent), the message per language, appealable.
 */
export function TemplateForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('violationTemplates');
  return (
    <>
      <Form.Item name="code" label={t('code')} required>
        <Input disabled={editing} maxLength={64} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="category" label={t('category')} required>
        <Select options={VIOLATION_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
      </Form.Item>
      <Form.Item label={t('ladder')} required extra={t('ladderHint')}>
        <Form.List name="ladder">
          {(rungs, { add, remove }) => (
            <Flex vertical gap={8}>
              {rungs.map((rung, index) => (
                <Flex key={rung.key} gap={8} align="start" wrap>
                  <span style={{ minWidth: 64, paddingBlockStart: 5 }}>{t('offence', { n: index + 1 })}</span>
                  <Form.Item name={[rung.name, 'action']} noStyle>
                    <Select
                      aria-label={t('action')}
                      style={{ width: 150 }}
                      options={LADDER_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}`) }))}
                    />
                  </Form.Item>
                  <Form.Item noStyle dependencies={[['ladder', rung.name, 'action']]}>
                    {({ getFieldValue }) =>
                      getFieldValue(['ladder', rung.name, 'action']) === 'feature' ? (
                        <Form.Item name={[rung.name, 'feature']} noStyle>
                          <Select
                            aria-label={t('feature')}
                            style={{ width: 120 }}
                            options={SANCTION_FEATURES.map((f) => ({ value: f, label: t(`features.${f}`) }))}
                          />
                        </Form.Item>
                      ) : null
                    }
                  </Form.Item>
                  <Form.Item name={[rung.name, 'duration_minutes']} noStyle>
                    <InputNumber
                      aria-label={t('minutes')}
                      placeholder={t('permanentIfEmpty')}
                      min={1}
                      style={{ width: 170 }}
                    />
                  </Form.Item>
                  <Button
                    aria-label={t('removeRung')}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(rung.name)}
                    disabled={rungs.length <= 1}
                  />
                </Flex>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ action: 'mute', duration_minutes: 60 })}
                disabled={rungs.length >= 10}
              >
                {t('addRung')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="message" label={t('message')}>
        <MultilangInput multiline optional maxLength={500} />
      </Form.Item>
      <Form.Item name="appealable" label={t('appealable')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <StatusField />
    </>
  );
}
