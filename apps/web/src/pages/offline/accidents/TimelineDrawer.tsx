import { useState } from 'react';
import { Button, Drawer, Form, Input, Select, Tag, Timeline, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  INCIDENT_STATES,
  incidentMoveAllowed,
  incidentsResource,
  type Incident,
  type IncidentState,
  type IncidentTimelineEntry,
} from '@rx/contracts/incidents';
import { usePermission } from '@/app/permission/index.ts';
import { resourceKey } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { useFormSave } from '@/shared/forms/use-form-save.ts';
import { http } from '@/shared/http.ts';

const RESOURCE = incidentsResource.name;
const COLOR: Record<IncidentState, string> = {
  investigating: 'red',
  identified: 'orange',
  monitoring: 'blue',
  resolved: 'green',
};

interface Props {
  /** The incident whose timeline is shown (null: closed). */
  incident: Incident | null;
  onClose: () => void;
}

/** An incident's timeline, oldest first, and the form that adds an update (moving its state forward). */
export function TimelineDrawer({ incident, onClose }: Props) {
  const { t } = useTranslation('incidents');
  return (
    <Drawer
      open={incident !== null}
      onClose={onClose}
      title={t('timelineOf', { title: incident?.title ?? '' })}
      size={640}
      destroyOnHidden
    >
      {incident && <TimelineBody key={incident.id} incident={incident} />}
    </Drawer>
  );
}

function TimelineBody({ incident }: { incident: Incident }) {
  const { t } = useTranslation('incidents');
  const message = useMessage();
  const client = useQueryClient();
  const canEdit = usePermission([incidentsResource.permissions.edit]);
  const [form] = Form.useForm<{ status: IncidentState; message: string }>();
  const [current, setCurrent] = useState<Incident>(incident);
  const timeline = useQuery({
    queryKey: resourceKey(RESOURCE, 'timeline', { id: incident.id }),
    queryFn: ({ signal }) =>
      http.get<{ list: IncidentTimelineEntry[] }>(`/${RESOURCE}/${incident.id}/updates`, undefined, {
        signal,
      }),
  });
  const { saving, run: post } = useFormSave(form, async (values) => {
    const answer = await http.post<{ item: Incident }>(`/${RESOURCE}/${current.id}/updates`, {
      ...values,
      version: current.version,
    });
    setCurrent(answer.item);
    form.setFieldsValue({ status: answer.item.status, message: '' });
    void message.success(t('updatePosted'));
    void client.invalidateQueries({ queryKey: [RESOURCE] });
  });
  return (
    <>
      <Typography.Paragraph>
        {t('state')}: <Tag data-testid="incident-state">{t(`states.${current.status}`)}</Tag>
      </Typography.Paragraph>
      <Timeline
        data-testid="incident-timeline"
        items={(timeline.data?.list ?? []).map((entry) => ({
          key: entry.id,
          color: COLOR[entry.status],
          children: (
            <>
              <Typography.Text strong>{t(`states.${entry.status}`)}</Typography.Text>{' '}
              <Typography.Text type="secondary">
                {formatDateTime(entry.at)} · {entry.by}
              </Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBlockEnd: 0 }}>
                {entry.message}
              </Typography.Paragraph>
            </>
          ),
        }))}
      />
      {canEdit && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ status: incident.status, message: '' }}
          onFinish={(values) => void post(values)}
        >
          <Form.Item name="status" htmlFor="incident-update-status" label={t('newState')} required>
            <Select
              id="incident-update-status"
              options={INCIDENT_STATES.map((s) => ({
                value: s,
                label: t(`states.${s}`),
                disabled: !incidentMoveAllowed(current.status, s),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="message"
            htmlFor="incident-update-message"
            label={t('updateMessage')}
            rules={[{ required: true, whitespace: true, message: t('updateMessageRequired') }]}
          >
            <Input.TextArea id="incident-update-message" maxLength={2000} rows={3} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('postUpdate')}
          </Button>
        </Form>
      )}
    </>
  );
}
