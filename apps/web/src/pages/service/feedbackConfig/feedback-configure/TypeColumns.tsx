import { textFor } from '@rx/contracts/required-language';
import { useMemo } from 'react';
import { Button, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { ErrorCode } from '@rx/contracts/errors';
import { feedbackTypesResource, type FeedbackTypeCreate } from '@rx/contracts/feedback-types';
import { LANGUAGES } from '@rx/contracts/languages';
import {
  MissingLanguagesTag,
  missingLanguages,
  useDeleteRow,
  useResourceMutations,
  actionsColumn,
} from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { typeName, type TreeRow } from './tree-helpers.ts';

export const RESOURCE = feedbackTypesResource.name;
export type UpdateBody = Record<string, unknown> & { version: number };
const FLAGS = ['require_order_no', 'require_screenshot', 'require_server_role'] as const;
const FLAG_LABELS = {
  require_order_no: 'requireOrderNo',
  require_screenshot: 'requireScreenshot',
  require_server_role: 'requireServerRole',
} as const;

interface TypeColumnsOptions {
  canEdit: boolean;
  canDelete: boolean;
  onAddChild: (row: TreeRow) => void;
  onEdit: (row: TreeRow) => void;
  onMove: (row: TreeRow) => void;
  /** A delete the server refused (422001), explained; null clears the last one. */
  onRefused: (explanation: string | null) => void;
}

/** The tree table's columns: flags, queue, first reply, an enabled switch and the row's actions. */
export function useTypeColumns({
  canEdit,
  canDelete,
  onAddChild,
  onEdit,
  onMove,
  onRefused,
}: TypeColumnsOptions) {
  const { t } = useTranslation('feedbackTypes');
  const message = useMessage();
  const lang = useLocale((s) => s.language);
  const { update } = useResourceMutations<FeedbackTypeCreate, UpdateBody>(RESOURCE);
  const deleteRow = useDeleteRow(RESOURCE);
  return useMemo<ColumnsType<TreeRow>>(() => {
    const toggle = async (row: TreeRow) => {
      try {
        await update.mutateAsync({ id: row.id, body: { enabled: !row.enabled, version: row.version } });
        void message.success(row.enabled ? t('disabledDone') : t('enabledDone'));
      } catch (error) {
        if (error instanceof ApiError) void message.error(error.msg);
        else throw error;
      }
    };
    // One in use is disabled instead (a notice); one with children is refused and explained.
    const remove = (row: TreeRow) => {
      onRefused(null);
      return deleteRow(row.id, (error) => {
        const data = error.data as { children?: number } | null;
        if (error.code === ErrorCode.BUSINESS_RULE && data?.children)
          onRefused(t('deleteHasChildren', { name: typeName(row, lang), count: data.children }));
        else if (error.code === ErrorCode.BUSINESS_RULE) onRefused(error.msg);
        else void message.error(error.msg);
      });
    };
    return [
      {
        title: t('name'),
        key: 'name',
        width: 260,
        render: (_, row) => (
          <Space size={4}>
            <span>{typeName(row, lang)}</span>
            <Typography.Text type="secondary">{row.code}</Typography.Text>
            <MissingLanguagesTag value={row.name} />
          </Space>
        ),
      },
      {
        title: t('required'),
        key: 'required',
        width: 200,
        render: (_, row) =>
          FLAGS.filter((flag) => row[flag]).map((flag) => (
            <Tag key={flag} color="blue">
              {t(FLAG_LABELS[flag])}
            </Tag>
          )),
      },
      { title: t('queue'), dataIndex: 'queue', width: 110, render: (v: string) => <Tag>{v}</Tag> },
      {
        title: t('autoReply'),
        key: 'auto_reply',
        width: 240,
        render: (_, row) => {
          const text = textFor(row.auto_reply, lang);
          if (!text) return <Typography.Text type="secondary">{t('noReply')}</Typography.Text>;
          const filled = LANGUAGES.length - missingLanguages(row.auto_reply).length;
          return (
            <Tooltip title={text}>
              <Tag>{t('languages', { count: filled })}</Tag>
              {text}
            </Tooltip>
          );
        },
      },
      { title: t('sort'), dataIndex: 'sort', width: 70 },
      {
        title: t('enabled'),
        key: 'enabled',
        width: 90,
        render: (_, row) =>
          canEdit ? (
            <Switch
              size="small"
              checked={row.enabled}
              aria-label={t('enabledOf', { name: typeName(row, lang) })}
              onChange={() => void toggle(row)}
            />
          ) : (
            <Tag color={row.enabled ? 'success' : 'default'}>
              {t(row.enabled ? 'crud:status.active' : 'crud:status.disabled')}
            </Tag>
          ),
      },
      actionsColumn(t, 250, (row) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => onAddChild(row)}>
              {t('addChild')}
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => onEdit(row)}>
              {t('crud:action.edit')}
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => onMove(row)}>
              {t('move')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={t('confirmDelete', { name: typeName(row, lang) })}
              onConfirm={() => remove(row)}
            >
              <Button type="link" size="small" danger>
                {t('crud:action.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )),
    ];
  }, [t, lang, canEdit, canDelete, update, deleteRow, message, onAddChild, onEdit, onMove, onRefused]);
}
