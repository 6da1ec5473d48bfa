import { useCallback, useMemo, useState } from 'react';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  PUSH_TARGETS,
  PUSH_TASK_LIFECYCLE,
  PUSH_TASK_STATES,
  pushTasksResource,
  type PushTask,
  type PushTaskCreate,
} from '@rx/contracts/push';
import type { PushKind } from '@rx/contracts/dimensions';
import { ellipsisColumn, enumSearch, textIn, updatedAtColumn } from '@/shared/crud/index.ts';
import { LifecycleListPage, type LifecycleColumns } from '@/shared/crud/LifecycleListPage.tsx';
import { formatDateTime, formatNumber } from '@/shared/format.ts';
import { useLocale } from '@/shared/i18n.ts';
import { PushStatsModal } from './PushStatsModal.tsx';
import { PushTaskForm } from './PushTaskForm.tsx';

const NEW_TASK: PushTaskCreate = {
  name: '',
  title: { zh: '' },
  body: { zh: '' },
  image: '',
  deep_link: '',
  data: [],
  target: 'all',
  user_group_ids: [],
  user_group_layers: [],
  openids: [],
  providers: [],
  countries: [],
  tags: [],
  file_id: null,
  platforms: [],
  app_version_min: '',
  app_version_max: '',
  app_versions: [],
  active_days: null,
  send_at: null,
  ttl_seconds: 86_400,
  cap_count: 0,
  cap_hours: 24,
  template_id: '',
  page: '',
  local_send_at: null,
  quiet_hours: null,
  convert_hours: 24,
  variants: [],
};

/** Each kind's page title (the catalogue's). */
const TITLES: Record<PushKind, string> = {
  app: 'menu:page.appPush',
  mini_program: 'menu:page.miniProgramPush',
  mini_game: 'menu:page.miniGameSubscription',
};

/**
 * Push tasks of one kind along the lifecycle, each with its delivery stats: app push
 * (`app_push/see/app_push`) and mini-program push (`kind=mini_program`, WeChat subscribe messages,
 * its own page's permissions) are this one page, told their kind.
 */
export function PushTasksPage({ kind = 'app' }: { kind?: PushKind }) {
  const { t } = useTranslation('push');
  const query = useMemo(() => ({ kind }), [kind]);
  const lang = useLocale((s) => s.language);
  const [statsOf, setStatsOf] = useState<PushTask | null>(null);
  const columns = useCallback(
    ({ id, status }: LifecycleColumns<PushTask>): ColumnsType<PushTask> => [
      id,
      ellipsisColumn<PushTask>({ title: t('task.name'), dataIndex: 'name', width: 180 }, (task) => task.name),
      ellipsisColumn<PushTask>({ title: t('task.title'), key: 'title', width: 180 }, (task) =>
        textIn(task.title, lang),
      ),
      status,
      {
        title: t('task.target'),
        dataIndex: 'target',
        width: 110,
        render: (target: PushTask['target']) => t(`targets.${target}`),
      },
      {
        title: t('task.sendAt'),
        dataIndex: 'send_at',
        width: 170,
        sorter: true,
        render: (at: string | null) => (at ? formatDateTime(at) : t('task.onSend')),
      },
      {
        title: t('task.targeted'),
        dataIndex: 'targeted',
        width: 100,
        sorter: true,
        render: (v: number) => formatNumber(v),
      },
      {
        title: t('task.delivery'),
        key: 'delivery',
        width: 150,
        render: (_, task) =>
          [task.sent, task.failed, task.invalid_tokens].map((n) => formatNumber(n)).join(' / '),
      },
      updatedAtColumn<PushTask>(t),
    ],
    [t, lang],
  );
  return (
    <>
      <LifecycleListPage<PushTask>
        resource={pushTasksResource}
        lifecycle={PUSH_TASK_LIFECYCLE}
        ns="push"
        testIdPrefix="push"
        title={t(TITLES[kind])}
        query={query}
        columns={columns}
        windowLabels={{ title: t('task.sendAt'), atOnce: t('task.onSend'), noEnd: '' }}
        actionsWidth={300}
        search={[
          enumSearch(t, 'status', t('task.status'), PUSH_TASK_STATES, 'states'),
          enumSearch(t, 'target', t('task.target'), PUSH_TARGETS, 'targets'),
        ]}
        newItem={NEW_TASK}
        nameOf={(task) => task.name}
        formTitle={{ create: t('task.createTitle'), edit: t('task.editTitle') }}
        form={() => <PushTaskForm kind={kind} />}
        lockedNote={t('task.draftOnly')}
        rowActions={(task) =>
          task.status === 'draft' ? null : (
            <Button type="link" size="small" data-testid="push-stats-open" onClick={() => setStatsOf(task)}>
              {t('task.stats')}
            </Button>
          )
        }
      />
      <PushStatsModal task={statsOf} kind={kind} onClose={() => setStatsOf(null)} />
    </>
  );
}
