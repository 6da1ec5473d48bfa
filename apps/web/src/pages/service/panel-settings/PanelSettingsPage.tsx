import { Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { csPanelAccess, csPanelBody, type CsPanel, type CsPanelLanguage } from '@rx/contracts/cs-panel';
import { LANGUAGES, LANGUAGE_NAMES, RTL_LANGUAGES, type Language } from '@rx/contracts/languages';
import { usePermission } from '@/app/permission/index.ts';
import { GameDocumentCard, useGameDocument } from '@/shared/cs/use-game-document.tsx';

const LIST_MAX = 10;
const dirOf = (lang: Language | undefined) => (lang && RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr');

/** One language's greeting, quick questions and help-centre links (`name`: its index in the list). */
function LanguageCard({ name, onRemove }: { name: number; onRemove: () => void }) {
  const { t } = useTranslation('csPanel');
  const lang = Form.useWatch<Language | undefined>(['languages', name, 'lang']);
  const langName = lang ? LANGUAGE_NAMES[lang] : '';
  const id = (field: string) => `cs-panel-${name}-${field}`;
  return (
    <Card
      size="small"
      title={langName}
      data-testid={`cs-panel-lang-${lang ?? name}`}
      extra={
        <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove}>
          {t('panel.removeLanguage')}
        </Button>
      }
    >
      <Form.Item name={[name, 'lang']} htmlFor={id('lang')} label={t('common:language')}>
        <Select id={id('lang')} options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
      </Form.Item>
      <Form.Item name={[name, 'greeting']} htmlFor={id('greeting')} label={t('panel.greeting')}>
        <Input.TextArea id={id('greeting')} dir={dirOf(lang)} rows={2} maxLength={500} showCount />
      </Form.Item>
      <Typography.Text strong>{t('panel.quickQuestions')}</Typography.Text>
      <Form.List name={[name, 'quick_questions']}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ marginBlock: 8 }}>
            {fields.map((field, i) => (
              <Flex key={field.key} gap={4}>
                <Form.Item name={field.name} style={{ marginBlockEnd: 0, flex: 1 }}>
                  <Input
                    dir={dirOf(lang)}
                    maxLength={100}
                    aria-label={t('panel.questionN', { n: i + 1, lang: langName })}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('panel.removeQuestion', { n: i + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            {fields.length < LIST_MAX && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                {t('panel.addQuestion')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <Typography.Text strong>{t('panel.links')}</Typography.Text>
      <Form.List name={[name, 'links']}>
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ marginBlockStart: 8 }}>
            {fields.map((field, i) => (
              <Flex key={field.key} gap={4} wrap>
                <Form.Item name={[field.name, 'title']} style={{ marginBlockEnd: 0, flex: '1 1 140px' }}>
                  <Input
                    dir={dirOf(lang)}
                    maxLength={60}
                    placeholder={t('panel.linkTitle')}
                    aria-label={t('panel.linkTitleN', { n: i + 1 })}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'url']} style={{ marginBlockEnd: 0, flex: '2 1 200px' }}>
                  <Input
                    dir="ltr"
                    maxLength={500}
                    placeholder="https://"
                    aria-label={t('panel.linkUrlN', { n: i + 1 })}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('panel.removeLink', { n: i + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            {fields.length < LIST_MAX && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', url: '' })}>
                {t('panel.addLink')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </Card>
  );
}

/**
 * Service panel settings (`service/see/panel_setting`): what a player sees on opening service in
 * the game, per language — the greeting, quick questions to tap and help-centre links.
 */
export function PanelSettingsPage() {
  const { t } = useTranslation('csPanel');
  const canEdit = usePermission([csPanelAccess.permissions.edit]);
  const panel = useGameDocument<CsPanel>('/cs/panel', csPanelBody);
  const entries = Form.useWatch<CsPanelLanguage[] | undefined>('languages', panel.form) ?? [];
  if (panel.blocked) return panel.blocked;
  const unused = LANGUAGES.filter((l) => !entries.some((e) => e?.lang === l));
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.panelSettings')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('panel.intro')}</Typography.Paragraph>
      <GameDocumentCard
        document={panel}
        canEdit={canEdit}
        words={{ stale: t('panel.stale'), reload: t('panel.reload') }}
        testId="cs-panel-form"
        maxWidth={760}
      >
        <Form.List name="languages">
          {(fields, { add, remove }) => (
            <Flex vertical gap={12} style={{ marginBlockEnd: 16 }}>
              {fields.length === 0 && <Typography.Text type="secondary">{t('panel.empty')}</Typography.Text>}
              {fields.map((field) => (
                <LanguageCard key={field.key} name={field.name} onRemove={() => remove(field.name)} />
              ))}
              {unused[0] && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ lang: unused[0], greeting: '', quick_questions: [], links: [] })}
                >
                  {t('panel.addLanguage')}
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
      </GameDocumentCard>
    </>
  );
}
