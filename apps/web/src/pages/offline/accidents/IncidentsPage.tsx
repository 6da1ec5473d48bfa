import { useMemo, useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Button, Form, Input, InputNumber, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATES,
  incidentCreateBody,
  incidentsResource,
  type Incident,
  type IncidentCreate,
  type IncidentSeverity,
  type IncidentState,
} from '@rx/contracts/incidents';
import { useProduct } from '@/app/product/store.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { OfflineTitle } from '../shared/GoingOffline.tsx';
import { TimelineDrawer } from './TimelineDrawer.tsx';

export const SEVERITY_COLOR: Record<IncidentSeverity, string> = {
  sev1: 'red',
  sev2: 'volcano',
  sev3: 'gold',
  sev4: 'blue',
};
export const STATE_COLOR: Record<IncidentState, string> = {
  investigating: 'error',
  identified: 'warning',
  monitoring: 'processing',
  resolved: 'success',
};

/** The fields of one incident (its state moves through the timeline, not here). */
function IncidentForm() {
  const { t } = useTranslation('incidents');
  const products = useProduct((s) => s.products);
  return (
    <>
      <Form.Item name="title" htmlFor="incident-title" label={t('title')} required>
        <Input id="incident-title" maxLength={120} />
      </Form.Item>
      <Form.Item
        name="severity"
        htmlFor="incident-severity"
        label={t('severity')}
        required
        extra={t('severityHint')}
      >
        <Select id="incident-severity" options={crud.enumOptions(t, INCIDENT_SEVERITIES, 'severities')} />
      </Form.Item>
      <Form.Item name="product_ids" htmlFor="incident-games" label={t('games')} required>
        <Select
          id="incident-games"
          mode="multiple"
          options={products.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="regions" htmlFor="incident-regions" label={t('regions')} extra={t('regionsHint')}>
        <Select
          id="incident-regions"
          mode="tags"
          tokenSeparators={[',', ' ']}
          open={false}
          suffixIcon={null}
        />
      </Form.Item>
      <TimeField name="started_at" label={t('startedAt')} required pickerLabel={t('startedAt')} />
      <Form.Item name="summary" htmlFor="incident-summary" label={t('summary')}>
        <Input.TextArea id="incident-summary" maxLength={2000} rows={3} />
      </Form.Item>
      <Form.Item
        name="announcement_id"
        htmlFor="incident-announcement"
        label={t('announcement')}
        extra={t('announcementHint')}
      >
        <InputNumber id="incident-announcement" min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="postmortem"
        htmlFor="incident-postmortem"
        label={t('postmortem')}
        extra={t('postmortemHint')}
      >
        <Input.TextArea id="incident-postmortem" maxLength={20_000} rows={6} />
      </Form.Item>
    </>
  );
}

/**
 * Incidents (`offline/see/accident`): what broke, how badly, which games and regions; the timeline
 * moves it investigating → identified → monitoring → resolved and tells the managers each time.
 */
export function IncidentsPage() {
  const { t } = useTranslation('incidents');
  const products = useProduct((s) => s.products);
  const [timelineOf, setTimelineOf] = useState<Incident | null>(null);
  const gameName = useMemo(() => new Map(products.map((p) => [p.id, p.name])), [products]);
  const columns = useMemo<ColumnsType<Incident>>(
    () => [
      { title: t('title'), dataIndex: 'title', width: 220, ellipsis: true },
      {
        title: t('severity'),
        dataIndex: 'severity',
        width: 110,
        sorter: true,
        render: (s: IncidentSeverity) => <Tag color={SEVERITY_COLOR[s]}>{t(`severities.${s}`)}</Tag>,
      },
      {
        title: t('state'),
        dataIndex: 'status',
        width: 120,
        sorter: true,
        render: (s: IncidentState) => <Tag color={STATE_COLOR[s]}>{t(`states.${s}`)}</Tag>,
      },
      {
        title: t('games'),
        dataIndex: 'product_ids',
        width: 180,
        render: (ids: number[]) => ids.map((id) => gameName.get(id) ?? `#${id}`).join(', '),
      },
      {
        title: t('regions'),
        dataIndex: 'regions',
        width: 120,
        render: (regions: string[]) => regions.map((r) => <Tag key={r}>{r}</Tag>),
      },
      {
        title: t('startedAt'),
        dataIndex: 'started_at',
        width: 170,
        sorter: true,
        render: (at: string) => formatDateTime(at),
      },
      crud.updatedAtColumn<Incident>(t),
    ],
    [t, gameName],
  );

  return (
    <>
      <ResourceListPage<Incident>
        resource={incidentsResource}
        title={<OfflineTitle title={t('menu:page.accidents')} />}
        columns={columns}
        actionsWidth={200}
        search={[
          crud.enumSearch(t, 'severity', t('severity'), INCIDENT_SEVERITIES, 'severities'),
          crud.enumSearch(t, 'status', t('state'), INCIDENT_STATES, 'states'),
        ]}
        newItem={{ ...NEW_INCIDENT, started_at: new Date().toISOString() }}
        nameOf={(row) => row.title}
        form={() => <IncidentForm />}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setTimelineOf(row)}>
            {t('timeline')}
          </Button>
        )}
      />
      <TimelineDrawer incident={timelineOf} onClose={() => setTimelineOf(null)} />
    </>
  );
}

const NEW_INCIDENT: IncidentCreate = {
  ...crud.schemaDefaults<IncidentCreate>(incidentCreateBody),
  title: '',
  severity: 'sev2',
  product_ids: [],
  regions: [],
  summary: '',
  postmortem: '',
  announcement_id: null,
  started_at: '',
};
