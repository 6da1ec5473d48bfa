import { useMemo } from 'react';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import {
  socialAccessResources,
  type SocialKind,
  type SocialPolicy,
  type SocialPolicyCreate,
} from '@rx/contracts/social-access';
import { RowEditDelete, useDeleteRow, useResourceMutations, actionsColumn } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError } from '@/shared/http.ts';
import { useChannelLabel } from '../shared/channels.tsx';
import { LiveSwitch } from './LiveSwitch.tsx';
import { FEATURES, LIMITS } from './social-helpers.ts';
import { formatDateTime } from '@/shared/format.ts';

/** Chat and friend access share one API path and query key. */
export const RESOURCE = socialAccessResources.chat.name;
export type UpdateBody = Record<string, unknown> & { version: number };

interface PolicyColumnsOptions {
  kind: SocialKind;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (policy: SocialPolicy) => void;
}

/**
 * The policy table's columns: each feature is a switch that changes the live policy once its effect
 * is confirmed, then limits, requirements, schedule.
 */
export function usePolicyColumns({ kind, canEdit, canDelete, onEdit }: PolicyColumnsOptions) {
  const { t } = useTranslation('social');
  const message = useMessage();
  const channelLabel = useChannelLabel(t('allChannels'));
  const { update } = useResourceMutations<SocialPolicyCreate, UpdateBody>(RESOURCE);
  const deleteRow = useDeleteRow(RESOURCE);
  return useMemo<ColumnsType<SocialPolicy>>(() => {
    const change = async (policy: SocialPolicy, body: Record<string, unknown>) => {
      try {
        await update.mutateAsync({ id: policy.id, body: { ...body, version: policy.version } });
        void message.success(t('crud:action.saved'));
      } catch (error) {
        if (error instanceof ApiError) void message.error(error.msg);
        else throw error;
      }
    };
    const settingsOf = (p: SocialPolicy) => (p[kind] ?? {}) as Record<string, number | boolean>;
    const scopeName = (p: SocialPolicy) => `${t(`regions.${p.region}`)} · ${channelLabel(p.channel_id)}`;
    return [
      {
        title: t('region'),
        dataIndex: 'region',
        width: 90,
        sorter: true,
        render: (v: string) => <Tag>{t(`regions.${v}`)}</Tag>,
      },
      {
        title: t('channel'),
        dataIndex: 'channel_id',
        width: 130,
        sorter: true,
        render: (v: number | null) => channelLabel(v),
      },
      ...FEATURES[kind].map((feature) => ({
        title: t(`feature.${feature}`),
        key: feature,
        width: 100,
        render: (_: unknown, p: SocialPolicy) => {
          const on = Boolean(settingsOf(p)[feature]);
          const words = { feature: t(`feature.${feature}`), scope: scopeName(p) };
          return (
            <LiveSwitch
              checked={on}
              disabled={!canEdit}
              label={`${words.feature} ${words.scope}`}
              title={t(on ? 'confirm.featureOffTitle' : 'confirm.featureOnTitle', words)}
              effect={t(on ? 'confirm.featureOff' : 'confirm.featureOn', words)}
              onConfirm={() => change(p, { [kind]: { [feature]: !on } })}
            />
          );
        },
      })),
      {
        title: t('limits'),
        key: 'limits',
        width: 170,
        render: (_, p) =>
          LIMITS[kind].map((limit) => (
            <div key={limit}>
              {t(`limit.${limit}`)}: {Number(settingsOf(p)[limit]) || t('noLimit')}
            </div>
          )),
      },
      {
        title: t('requirements'),
        key: 'requirements',
        width: 190,
        render: (_, p) => (
          <Space size={4} wrap>
            {p.min_level > 0 && <Tag>{t('levelAtLeast', { level: p.min_level })}</Tag>}
            {p.min_account_age_days > 0 && <Tag>{t('ageAtLeast', { days: p.min_account_age_days })}</Tag>}
            {p.real_name_required && <Tag color="blue">{t('realName')}</Tag>}
            {p.adult_required && <Tag color="blue">{t('adult')}</Tag>}
            {!p.min_level &&
              !p.min_account_age_days &&
              !p.real_name_required &&
              !p.adult_required &&
              t('none')}
          </Space>
        ),
      },
      {
        title: t('schedule'),
        key: 'schedule',
        width: 150,
        render: (_, p) =>
          p.start_at || p.end_at ? (
            <Tooltip title={[p.start_at, p.end_at].map((v) => (v ? formatDateTime(v) : '∞')).join(' ~ ')}>
              <Tag color="gold">{t('scheduled')}</Tag>
            </Tooltip>
          ) : (
            t('always')
          ),
      },
      {
        title: t('enabled'),
        key: 'enabled',
        width: 90,
        render: (_, p) => {
          const scope = scopeName(p);
          // Off, a channel's policy gives way to the all-channels one; that one to everything open.
          const effect = p.enabled
            ? t(p.channel_id === null ? 'confirm.disableAll' : 'confirm.disableChannel')
            : t('confirm.enable', { scope });
          return (
            <LiveSwitch
              checked={p.enabled}
              disabled={!canEdit}
              label={`${t('enabled')} ${scope}`}
              title={t(p.enabled ? 'confirm.disableTitle' : 'confirm.enableTitle', { scope })}
              effect={effect}
              onConfirm={() => change(p, { enabled: !p.enabled })}
            />
          );
        },
      },
      actionsColumn(t, 130, (p) => (
        <RowEditDelete
          size={0}
          canEdit={canEdit}
          canDelete={canDelete}
          onEdit={() => onEdit(p)}
          onDelete={() => deleteRow(p.id)}
          confirm={t('confirmDelete', { scope: scopeName(p) })}
        />
      )),
    ];
  }, [t, kind, canEdit, canDelete, update, deleteRow, message, channelLabel, onEdit]);
}
