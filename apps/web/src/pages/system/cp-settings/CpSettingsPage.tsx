import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Select, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PUBLISH_AREAS } from '@rx/contracts/acs';
import { ErrorCode } from '@rx/contracts/errors';
import { LANGUAGES, LANGUAGE_NAMES } from '@rx/contracts/languages';
import { pagesForRegion } from '@rx/contracts/pages';
import { cpSettingsBody, ianaTimeZones, type CpSettings } from '@rx/contracts/system-admin';
import { useSession } from '@/app/session.ts';
import { clearChangedErrors, serverFieldErrors, showFieldErrors, validateWith } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { formatDateTime } from '@/shared/format.ts';

const KEY = ['cp-settings'];
const PAGE_COUNTS = Object.fromEntries(PUBLISH_AREAS.map((area) => [area, pagesForRegion(area).length]));
/** A zone's offset at `at` as `UTC+9` ('' when the browser cannot tell). */
function offsetName(zone: string, at: Date): string {
  try {
    const name = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return name ? name.replace('GMT', 'UTC') : '';
  } catch {
    return '';
  }
}

/** The IANA zones the browser knows, with their offset now (e.g. `Asia/Tokyo (UTC+9)`). */
function zoneOptions(current: string | undefined): { value: string; label: string }[] {
  const zones = ianaTimeZones();
  if (current && !zones.includes(current)) zones.unshift(current);
  const now = new Date();
  return zones.map((value) => {
    const offset = offsetName(value, now);
    return { value, label: offset ? `${value} (${offset})` : value };
  });
}

/**
 * The CP's settings: the publish area decides which pages exist for everyone in the CP; the time zone
 * times pushes to players whose device names none.
 */
export function CpSettingsPage() {
  const { t } = useTranslation('system');
  const message = useMessage();
  const lang = useLocale((s) => s.language);
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => http.get<CpSettings>('/cp-settings', undefined, { signal }),
  });
  const [form] = Form.useForm();
  const area = Form.useWatch('publish_area', form) as CpSettings['publish_area'] | undefined;
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const current = settings.data;
  const zones = useMemo(() => zoneOptions(current?.time_zone), [current?.time_zone]);
  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);

  const save = async () => {
    if (!current) return;
    const checked = validateWith(cpSettingsBody, { ...current, ...form.getFieldsValue(true) }, lang);
    if (!checked.ok) return void showFieldErrors(form, checked.errors);
    setSaving(true);
    setProblem(null);
    try {
      const saved = await http.put<CpSettings>('/cp-settings', checked.data, { silent: true });
      client.setQueryData(KEY, saved);
      // The menu and the role matrix follow the new publish area at once.
      const session = useSession.getState();
      if (session.cpConfig) {
        useSession.setState({
          cpConfig: {
            ...session.cpConfig,
            cp_name: saved.name,
            publish_area: saved.publish_area,
            gw_domain: saved.gw_domain,
            default_lang: saved.default_lang,
            time_zone: saved.time_zone,
          },
        });
      }
      void message.success(t('crud:action.saved'));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setProblem(showFieldErrors(form, fields).join(' ') || null);
      else if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) {
        setProblem(t('cp.stale'));
        void settings.refetch();
      } else if (error instanceof ApiError) setProblem(error.msg);
      else throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.cpSettings')}
      </Typography.Title>
      <Card loading={settings.isLoading} style={{ maxWidth: 720 }}>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 16 }} />}
        <Form
          form={form}
          layout="vertical"
          onFinish={() => void save()}
          onFieldsChange={(changed) => clearChangedErrors(form, changed)}
        >
          <Form.Item name="name" label={t('cp.name')} required>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="publish_area" label={t('cp.publishArea')} required extra={t('cp.publishAreaHint')}>
            <Radio.Group
              optionType="button"
              options={PUBLISH_AREAS.map((value) => ({
                value,
                label: `${t(`areas.${value}`)} · ${t('cp.pageCount', { count: PAGE_COUNTS[value] })}`,
              }))}
            />
          </Form.Item>
          {current && area && area !== current.publish_area && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBlockEnd: 16 }}
              title={t('cp.areaChange', {
                from: t(`regions.${current.publish_area}`),
                to: t(`regions.${area}`),
              })}
            />
          )}
          <Form.Item name="default_lang" label={t('cp.defaultLang')} required extra={t('cp.defaultLangHint')}>
            <Select
              style={{ maxWidth: 240 }}
              options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
            />
          </Form.Item>
          <Form.Item
            name="time_zone"
            htmlFor="cp-time-zone"
            label={t('cp.timeZone')}
            required
            extra={t('cp.timeZoneHint')}
          >
            <Select
              id="cp-time-zone"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ maxWidth: 360 }}
              options={zones}
              data-testid="cp-time-zone"
            />
          </Form.Item>
          <Form.Item name="gw_domain" label={t('cp.gateway')} extra={t('cp.gatewayHint')}>
            <Input placeholder="gw.example.com" maxLength={253} />
          </Form.Item>
          {current && (
            <Typography.Paragraph type="secondary">
              {t('cp.updatedAt', { time: formatDateTime(current.updated_at) })}
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('crud:action.save')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
