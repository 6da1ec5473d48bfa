import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  feedbackTypeCreateBody,
  feedbackTypeUpdateBody,
  feedbackTypesResource,
  type FeedbackTypeCreate,
  type FeedbackTypeNode,
} from '@rx/contracts/feedback-types';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import {
  ExportButton,
  FormDrawer,
  SearchForm,
  resourceKey,
  useListParams,
  useResourceMutations,
} from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { FeedbackTypeForm } from './FeedbackTypeForm.tsx';
import { MoveModal } from './MoveModal.tsx';
import {
  allIds,
  filterTree,
  findNode,
  matchesFilters,
  parentOptions,
  queuesOf,
  treeRows,
  typeName,
  type TreeRow,
} from './tree-helpers.ts';
import { RESOURCE, useTypeColumns, type UpdateBody } from './TypeColumns.tsx';

// The tree is filtered in the browser: the filters a whole tree can take.
const FILTERS = ['q', 'queue', 'enabled'] as const;
const EMPTY_TEXT = { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' };

type Editing = { mode: 'new'; parentId: number | null } | { mode: 'edit'; row: TreeRow };

/** Feedback types: the product's tree, filtered in the address, edited in place. */
export function FeedbackTypesPage() {
  const { t } = useTranslation('feedbackTypes');
  const message = useMessage();
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const [params, setParams] = useListParams(FILTERS);
  const tree = useQuery({
    queryKey: resourceKey(RESOURCE, 'tree'),
    queryFn: ({ signal }) => http.get<FeedbackTypeNode[]>(`/${RESOURCE}/tree`, undefined, { signal }),
    enabled: productId !== null,
  });
  const { create, update } = useResourceMutations<FeedbackTypeCreate, UpdateBody>(RESOURCE);
  const { permissions: p } = feedbackTypesResource;
  const canEdit = usePermission([p.edit]);
  const canDelete = usePermission([p.delete]);
  const canExport = usePermission([p.export]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [moving, setMoving] = useState<FeedbackTypeNode | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // null: every node expanded (the default), else the keys the user left open.
  const [openKeys, setOpenKeys] = useState<number[] | null>(null);

  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const label = useMemo(
    () => (node: Pick<FeedbackTypeNode, 'name' | 'code'>) => `${typeName(node, lang)} (${node.code})`,
    [lang],
  );
  const { filters } = params;
  const shown = useMemo(() => {
    const filtered = Object.keys(filters).length
      ? filterTree(nodes, (node) => matchesFilters(node, filters))
      : nodes;
    return treeRows(filtered);
  }, [nodes, filters]);
  const expanded = openKeys ?? allIds(nodes);
  const queues = useMemo(() => queuesOf(nodes), [nodes]);

  const initialValues = useMemo<Record<string, unknown>>(() => {
    if (editing?.mode === 'edit') return editing.row;
    return {
      code: '',
      parent_id: editing?.parentId ?? null,
      name: EMPTY_TEXT,
      require_order_no: false,
      require_screenshot: false,
      require_server_role: false,
      queue: 'default',
      auto_reply: EMPTY_TEXT,
      enabled: true,
      sort: 0,
    };
  }, [editing]);

  const columns = useTypeColumns({
    canEdit,
    canDelete,
    onAddChild: useCallback((row: TreeRow) => setEditing({ mode: 'new', parentId: row.id }), []),
    onEdit: useCallback((row: TreeRow) => setEditing({ mode: 'edit', row }), []),
    onMove: useCallback((row: TreeRow) => setMoving(findNode(nodes, row.id) ?? null), [nodes]),
    onRefused: setRefused,
  });

  const parent = editing?.mode === 'new' && editing.parentId ? findNode(nodes, editing.parentId) : undefined;
  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const save = async (data: unknown) => {
    if (editing?.mode === 'edit') await update.mutateAsync({ id: editing.row.id, body: data as UpdateBody });
    else await create.mutateAsync(data as FeedbackTypeCreate);
    void message.success(t('crud:action.saved'));
  };
  const move = async (node: FeedbackTypeNode, parentId: number | null) => {
    await update.mutateAsync({ id: node.id, body: { parent_id: parentId, version: node.version } });
    void message.success(t('moved'));
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.feedbackTypes')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <SearchForm
        values={params.filters}
        onSearch={(filters) => setParams({ filters })}
        fields={[
          { name: 'q', label: t('crud:field.keyword') },
          {
            name: 'queue',
            label: t('queue'),
            kind: 'select',
            options: queues.map((v) => ({ value: v, label: v })),
          },
          {
            name: 'enabled',
            label: t('crud:field.status'),
            kind: 'select',
            options: [
              { value: '1', label: t('crud:status.active') },
              { value: '0', label: t('crud:status.disabled') },
            ],
          },
        ]}
        extra={
          <>
            {canEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ mode: 'new', parentId: null })}
              >
                {t('createTop')}
              </Button>
            )}
            {canExport && <ExportButton resource={RESOURCE} filters={params.filters} />}
          </>
        }
      />
      {refused && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setRefused(null) }}
          title={t('deleteRefused')}
          description={refused}
          style={{ marginBlockEnd: 12 }}
          data-testid="feedback-delete-refused"
        />
      )}
      <Space style={{ marginBlockEnd: 8 }}>
        <Button size="small" onClick={() => setOpenKeys(null)}>
          {t('expandAll')}
        </Button>
        <Button size="small" onClick={() => setOpenKeys([])}>
          {t('collapseAll')}
        </Button>
      </Space>
      <DataTable<TreeRow>
        rowKey="id"
        tools={{ id: 'feedback-types', onRefresh: () => void tree.refetch(), refreshing: tree.isFetching }}
        loading={tree.isFetching}
        columns={columns}
        dataSource={shown}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setOpenKeys(keys.map(Number)),
        }}
      />
      <FormDrawer
        open={editing !== null}
        title={
          editing?.mode === 'edit'
            ? t('editTitle')
            : parent
              ? t('createChildTitle', { name: label(parent) })
              : t('createTitle')
        }
        initialValues={initialValues}
        schema={editing?.mode === 'edit' ? feedbackTypeUpdateBody : feedbackTypeCreateBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <FeedbackTypeForm
          editing={editing?.mode === 'edit'}
          parents={parentOptions(nodes, label)}
          queues={queues}
        />
      </FormDrawer>
      <MoveModal node={moving} tree={nodes} label={label} onMove={move} onClose={() => setMoving(null)} />
    </>
  );
}
