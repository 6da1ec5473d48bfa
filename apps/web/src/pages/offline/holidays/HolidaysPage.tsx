import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOLIDAY_KINDS, holidaysResource } from '@rx/contracts/holidays';
import type { Holiday, HolidayCreate } from '@rx/contracts/holidays';
import * as crud from '@/shared/crud/index.ts';
import { DayInput } from '@/shared/crud/PickerInputs.tsx';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { OfflineTitle } from '../shared/GoingOffline.tsx';

const NEW_HOLIDAY: Partial<HolidayCreate> = {
  region: '',
  date: '',
  name: '',
  kind: 'custom',
};

/** The fields of one day of a calendar. */
function HolidayForm() {
  const { t } = useTranslation('holidays');
  return (
    <>
      {/* Ids of their own: the search form above has fields of the same names. */}
      <Form.Item name="region" htmlFor="holiday-region" label={t('region')} required extra={t('regionHint')}>
        <Input id="holiday-region" maxLength={16} />
      </Form.Item>
      <Form.Item name="date" htmlFor="holiday-date" label={t('date')} required>
        <DayInput id="holiday-date" />
      </Form.Item>
      <Form.Item name="name" label={t('name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" htmlFor="holiday-kind" label={t('kind')} required extra={t('kindHint')}>
        <Select id="holiday-kind" options={crud.enumOptions(t, HOLIDAY_KINDS, 'kinds')} />
      </Form.Item>
      <Form.Item name="note" label={t('note')}>
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}

/** Holidays (`offline/see/holiday`): the CP's holiday calendars per region; import a calendar file. */
export function HolidaysPage() {
  const { t } = useTranslation('holidays');
  const columns = useMemo<ColumnsType<Holiday>>(
    () => [
      { title: t('date'), dataIndex: 'date', width: 120, sorter: true },
      {
        title: t('weekday'),
        dataIndex: 'weekday',
        width: 90,
        render: (day: number) => t(`weekdays.${day}`),
      },
      { title: t('region'), dataIndex: 'region', width: 90, sorter: true },
      { title: t('name'), dataIndex: 'name', width: 180, sorter: true },
      crud.enumColumn<Holiday>(t, { title: t('kind'), dataIndex: 'kind', width: 120, sorter: true }, 'kinds'),
      { title: t('note'), dataIndex: 'note', width: 180, ellipsis: true },
      crud.updatedAtColumn<Holiday>(t),
    ],
    [t],
  );

  return (
    <ResourceListPage<Holiday>
      resource={holidaysResource}
      title={<OfflineTitle title={t('menu:page.holidays')} />}
      columns={columns}
      defaultSort={null}
      actionsWidth={120}
      search={[
        { name: 'region', label: t('region'), width: 120 },
        crud.enumSearch(t, 'kind', t('kind'), HOLIDAY_KINDS, 'kinds'),
        { name: 'from', label: t('from'), kind: 'date' },
        { name: 'to', label: t('to'), kind: 'date' },
      ]}
      newFields={NEW_HOLIDAY}
      nameOf={(day) => `${day.date} ${day.name}`}
      form={() => <HolidayForm />}
    />
  );
}
