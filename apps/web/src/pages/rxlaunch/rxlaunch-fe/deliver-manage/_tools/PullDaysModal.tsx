import { useState } from 'react';
import { Button, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { adReportPullBody } from '@rx/contracts/ad-reports';
import type { JobStarted } from '@rx/contracts/jobs';
import { DayInput } from '@/shared/crud/PickerInputs.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { lastBeijingDays } from './beijing-days.ts';
import { useCheckedSend } from './checked-send.ts';

type PullValues = { from?: string; to?: string; ad_account_id?: number };
const PULL_FIELDS = ['from', 'to', 'ad_account_id'];

/**
 * Pull a range of days of a report again now (the ad reports, the mini-game monitor): checked with
 * the API's own schema, then a job started by `POST path`.
 */
export function PullDaysModal({
  path,
  query,
  accounts,
  onClose,
  onStarted,
  onError,
}: {
  path: string;
  query?: Record<string, string>;
  accounts: { value: string; label: string }[];
  onClose: () => void;
  onStarted: (job: JobStarted) => void;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('ads');
  const [form] = Form.useForm<{ from?: string; to?: string; ad_account_id?: string }>();
  const start = useCheckedSend({
    form,
    fields: PULL_FIELDS,
    schema: adReportPullBody,
    bodyOf: (): PullValues => {
      const raw = form.getFieldsValue();
      return {
        from: raw.from || undefined,
        to: raw.to || undefined,
        ...(raw.ad_account_id ? { ad_account_id: Number(raw.ad_account_id) } : {}),
      };
    },
    send: (values) => http.post<JobStarted>(path, values, query ? { query } : undefined),
    onSent: onStarted,
    onError,
    onClose,
  });
  return (
    <Modal {...start.modal} title={t('reports.pullTitle')} okText={t('reports.pullStart')}>
      <p>{t('reports.pullHelp')}</p>
      <Form form={form} layout="vertical" initialValues={lastBeijingDays(7)}>
        <Form.Item name="from" label={t('reports.filters.from')} required>
          <DayInput aria-label={t('reports.filters.from')} />
        </Form.Item>
        <Form.Item name="to" label={t('reports.filters.to')} required>
          <DayInput aria-label={t('reports.filters.to')} />
        </Form.Item>
        <Form.Item name="ad_account_id" label={t('reports.columns.account')}>
          <Select
            allowClear
            options={accounts}
            placeholder={t('reports.allAccounts')}
            aria-label={t('reports.columns.account')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * A report's pull button (for staff who may pull, else none) and, once pressed, its dialog: the page
 * puts the button beside its search and the dialog under its table. A refusal is a toast; a started
 * job closes the dialog and goes to `onStarted`.
 */
export function usePullDays({
  allowed,
  label,
  onStarted,
  ...modal
}: {
  allowed: boolean;
  label: string;
  path: string;
  query?: Record<string, string>;
  accounts: { value: string; label: string }[];
  onStarted: (job: JobStarted) => void;
}) {
  const toast = useMessage();
  const [open, setOpen] = useState(false);
  const button = allowed ? (
    <Button type="primary" onClick={() => setOpen(true)}>
      {label}
    </Button>
  ) : undefined;
  const dialog = open && (
    <PullDaysModal
      {...modal}
      onClose={() => setOpen(false)}
      onStarted={(job) => {
        setOpen(false);
        onStarted(job);
      }}
      onError={(error) => toast.error(error instanceof Error ? error.message : String(error))}
    />
  );
  return { button, dialog };
}
