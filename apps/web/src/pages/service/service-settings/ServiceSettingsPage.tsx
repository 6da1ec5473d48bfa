import { Flex, Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CS_ASSIGNMENT_MODES,
  CS_SLA_MINUTES_MAX,
  csSettingsAccess,
  csSettingsBody,
  csTeamAccess,
  type CsSettings,
} from '@rx/contracts/cs-settings';
import { usePermission } from '@/app/permission/index.ts';
import { GameDocumentCard, useGameDocument } from '@/shared/cs/use-game-document.tsx';
import { http } from '@/shared/http.ts';
import { TeamsCard } from './TeamsCard.tsx';
import { SwitchField } from '@/shared/crud/index.ts';

/** Every half hour of the day, and the day's end. */
const CLOCKS = [
  ...Array.from(
    { length: 48 },
    (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  ),
  '24:00',
].map((value) => ({ value, label: value }));

/**
 * Service settings (`service/see/service_setting`): the game's business hours in a time zone, the
 * holiday calendar whose days are closed, assignment, auto-resolve, the survey on resolve, the
 * offline message and the SLA targets; the CP's teams below.
 */
export function ServiceSettingsPage() {
  const { t } = useTranslation(['csSettings', 'cs']);
  const canEdit = usePermission([csSettingsAccess.permissions.edit]);
  const canTeams = usePermission([csTeamAccess.permissions.see]);
  const settings = useGameDocument<CsSettings>('/cs/settings', csSettingsBody, (values) => ({
    ...values,
    holiday_region: values.holiday_region ?? '',
  }));
  const regions = useQuery({
    queryKey: ['holiday-regions'],
    queryFn: ({ signal }) =>
      http
        .get<{ regions: string[] }>('/holidays/regions', undefined, { signal, silent: true })
        .catch(() => ({ regions: [] as string[] })),
  });
  const survey = Form.useWatch<boolean | undefined>('survey', settings.form);

  if (settings.blocked) return settings.blocked;
  const regionOptions = [
    { value: '', label: t('holidaysNone') },
    ...(regions.data?.regions ?? []).map((r) => ({ value: r, label: r })),
  ];
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.serviceSettings')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Flex vertical gap={16}>
        <GameDocumentCard
          document={settings}
          canEdit={canEdit}
          words={{ stale: t('stale'), reload: t('reload') }}
          testId="cs-settings-form"
          maxWidth={720}
        >
          <Typography.Title level={5}>{t('hoursTitle')}</Typography.Title>
          <Form.Item name="time_zone" htmlFor="cs-tz" label={t('timeZone')} extra={t('timeZoneHint')}>
            <Input id="cs-tz" maxLength={64} />
          </Form.Item>
          <Form.List name="hours">
            {(fields) => (
              <Flex vertical gap={4} style={{ marginBlockEnd: 16 }}>
                {fields.map((field) => {
                  const day = t(`weekday.${field.name}`);
                  return (
                    <Flex key={field.key} gap={8} align="center" wrap data-testid={`day-${field.name}`}>
                      <span style={{ minWidth: 96 }}>{day}</span>
                      <Form.Item name={[field.name, 'open']} valuePropName="checked" noStyle>
                        <Switch aria-label={t('openOn', { day })} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'from']} style={{ marginBlockEnd: 0 }}>
                        <Select aria-label={t('fromOn', { day })} options={CLOCKS} style={{ width: 100 }} />
                      </Form.Item>
                      <span aria-hidden>–</span>
                      <Form.Item name={[field.name, 'to']} style={{ marginBlockEnd: 0 }}>
                        <Select aria-label={t('toOn', { day })} options={CLOCKS} style={{ width: 100 }} />
                      </Form.Item>
                    </Flex>
                  );
                })}
              </Flex>
            )}
          </Form.List>
          <Form.Item
            name="holiday_region"
            htmlFor="cs-holidays"
            label={t('holidays')}
            extra={t('holidaysHint')}
          >
            <Select id="cs-holidays" options={regionOptions} />
          </Form.Item>

          <Typography.Title level={5}>{t('conversationsTitle')}</Typography.Title>
          <Form.Item name="assignment" label={t('assignment')}>
            <Radio.Group
              aria-label={t('assignment')}
              options={CS_ASSIGNMENT_MODES.map((m) => ({ value: m, label: t(`assignmentMode.${m}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="auto_resolve_hours"
            htmlFor="cs-auto-resolve"
            label={t('autoResolve')}
            extra={t('autoResolveHint')}
          >
            <InputNumber id="cs-auto-resolve" min={0} max={720} precision={0} />
          </Form.Item>
          <Form.Item
            name="offline_message"
            htmlFor="cs-offline"
            label={t('offlineMessage')}
            extra={t('offlineHint')}
          >
            <Input.TextArea id="cs-offline" rows={2} maxLength={500} showCount />
          </Form.Item>
          <SwitchField name="survey" id="cs-survey" label={t('survey')} />
          {survey && (
            <Form.Item name="survey_text" htmlFor="cs-survey-text" label={t('surveyText')}>
              <Input.TextArea id="cs-survey-text" rows={2} maxLength={300} showCount />
            </Form.Item>
          )}

          <Typography.Title level={5}>{t('slaTitle')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('slaHint')}</Typography.Paragraph>
          <Flex gap={16} wrap>
            <Form.Item name="sla_first_reply_minutes" htmlFor="cs-sla-first" label={t('slaFirstReply')}>
              <InputNumber id="cs-sla-first" min={1} max={CS_SLA_MINUTES_MAX} precision={0} />
            </Form.Item>
            <Form.Item name="sla_resolution_minutes" htmlFor="cs-sla-resolve" label={t('slaResolution')}>
              <InputNumber id="cs-sla-resolve" min={1} max={CS_SLA_MINUTES_MAX} precision={0} />
            </Form.Item>
          </Flex>
          <Form.Item
            name="reassign_after_minutes"
            htmlFor="cs-reassign"
            label={t('reassignAfter')}
            extra={t('reassignHint')}
          >
            <InputNumber id="cs-reassign" min={0} max={CS_SLA_MINUTES_MAX} precision={0} />
          </Form.Item>
        </GameDocumentCard>
        {canTeams && <TeamsCard />}
      </Flex>
    </>
  );
}
