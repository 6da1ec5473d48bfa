import { useMemo, type ReactNode } from 'react';
import { Space, Tag } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
// Types only: the contracts' zod schemas stay out of the bundle (the lifecycle itself is plain data).
import type { LifecycleState, ResourceLifecycle } from '@rx/contracts/lifecycle';
import { permissionOf, permissionsFor, type ResourceAction } from '@rx/contracts/resource';
import { usePermission } from '@/app/permission/index.ts';
import { formatDateTime } from '../format.ts';
import { LifecycleActions, lifecycleBulk } from './LifecycleActions.tsx';
import { ResourceListPage, type ResourceListPageProps } from './ResourceListPage.tsx';

interface Row {
  id: number;
  version: number;
  status: string;
}

/** The tag colour of each lifecycle state; a resource may colour its own statuses (`colors`). */
const STATE_COLORS: Record<LifecycleState, string> = {
  draft: 'default',
  pending_approval: 'gold',
  scheduled: 'blue',
  live: 'green',
  ended: 'default',
};

/**
 * The label keys of a lifecycle state: the page's own override (`states.<status>`, only where its
 * wording truly differs), else the shared label in the common namespace.
 */
function lifecycleStateKey(status: string): string[] {
  return [`states.${status}`, `common:lifecycleStates.${status}`];
}

/** The columns the lifecycle page makes, for the page to place among its own. */
export interface LifecycleColumns<T> {
  /** The row's id, sortable. */
  id: ColumnType<T>;
  /** The state as a coloured tag. */
  status: ColumnType<T>;
  /** When it goes live → when it ends. */
  window: ColumnType<T>;
}

export interface LifecycleListPageProps<T extends Row> extends Omit<
  ResourceListPageProps<T>,
  'columns' | 'rowRule' | 'bulkActions' | 'rowActions'
> {
  /** The resource's statuses and actions (contracts' `resourceLifecycle`). */
  lifecycle: ResourceLifecycle<string, string>;
  /**
   * The page's namespace, holding `actions.<action>`, `confirm.<action>` (with `{{name}}`),
   * `done.<action>`, and for `bulk` actions `bulk.<action>` and `bulk.<action>Confirm`. The state
   * labels are shared (`common:lifecycleStates.<status>`); a page whose label truly differs keeps
   * `states.<status>` in its namespace as an override (announcements: "on display" for `live`).
   */
  ns: string;
  /** The data columns, placing the state tag and the window (start → end) where the page wants them. */
  columns: (lifecycle: LifecycleColumns<T>) => ColumnsType<T>;
  /** The window column's header, and what it shows without a start or an end. */
  windowLabels: { title: ReactNode; atOnce: ReactNode; noEnd: ReactNode };
  /** Colours of the resource's own statuses (e.g. mail's `sending`), over the state's. */
  colors?: Record<string, string>;
  /** Actions offered on the selected rows too (each row the action applies to). */
  bulk?: string[];
  /** What a row that is no longer a draft says instead of edit and delete. */
  lockedNote: ReactNode;
  /** The permission the actions need (default the page's approve permission). */
  actionAccess?: ResourceAction;
  /** Row actions shown before the lifecycle's (preview, counts…). */
  rowActions?: (row: T) => ReactNode;
  /** `data-testid` prefix: `<prefix>-status` on the tag, `<prefix>-<action>` on each button. */
  testIdPrefix: string;
}

/**
 * The list page of a resource that goes live (announcements, mail, and every go-live resource after
 * them): the shared `ResourceListPage` with the state as a coloured tag, the window it is live in,
 * the actions each row's state allows (irreversible ones confirmed as dangerous), the same actions on
 * the selection, and edit and delete for drafts only — all read from the resource's lifecycle.
 */
export function LifecycleListPage<T extends Row>(props: LifecycleListPageProps<T>) {
  const { lifecycle, ns, colors, testIdPrefix, lockedNote } = props;
  // The page may build its labels afresh each render: the columns follow their texts, not the object.
  const { title: windowTitle, atOnce, noEnd } = props.windowLabels;
  const { t } = useTranslation(ns);
  // A dimensioned resource's actions need its value's permission (`query`: `{ kind: 'mini_program' }`).
  const dimension = props.resource.dimension?.name;
  const permissions =
    (dimension && permissionsFor(props.resource, props.query?.[dimension])) || props.resource.permissions;
  const mayAct = usePermission([permissionOf({ permissions }, props.actionAccess ?? 'approve')]);
  const irreversible = Object.entries(lifecycle.actions)
    .filter(([, spec]) => spec.irreversible)
    .map(([action]) => action);
  const { start, end } = lifecycle.window ?? {};

  const parts = useMemo<LifecycleColumns<T>>(
    () => ({
      id: { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      status: {
        title: t('status'),
        dataIndex: 'status',
        width: 120,
        sorter: true,
        render: (status: string) => (
          <Tag
            color={colors?.[status] ?? STATE_COLORS[lifecycle.stateOf(status)]}
            data-testid={`${testIdPrefix}-status`}
          >
            {t(lifecycleStateKey(status))}
          </Tag>
        ),
      },
      window: {
        title: windowTitle,
        key: start ?? 'window',
        width: 230,
        sorter: start !== undefined,
        render: (_: unknown, row: T) => {
          const at = (field: string | undefined) => (field ? (row as Record<string, unknown>)[field] : null);
          const from = at(start);
          const until = at(end);
          return (
            <span>
              {typeof from === 'string' ? formatDateTime(from) : atOnce} →{' '}
              {typeof until === 'string' ? formatDateTime(until) : noEnd}
            </span>
          );
        },
      },
    }),
    [t, colors, lifecycle, testIdPrefix, windowTitle, atOnce, noEnd, start, end],
  );
  const { columns } = props;
  const shown = useMemo(() => columns(parts), [columns, parts]);

  return (
    <ResourceListPage<T>
      drawerWidth={760}
      {...props}
      columns={shown}
      sortFields={{ ...(start ? { [start]: start } : {}), ...props.sortFields }}
      rowRule={(row) =>
        lifecycle.stateOf(row.status) === 'draft' ? {} : { edit: false, delete: false, note: lockedNote }
      }
      bulkActions={
        mayAct
          ? (props.bulk ?? []).map((action) =>
              lifecycleBulk<T>(props.resource.name, action, {
                label: t(`bulk.${action}`),
                confirm: (count) => t(`bulk.${action}Confirm`, { count }),
                applies: (row) => lifecycle.actionsFrom(row.status).includes(action),
                danger: irreversible.includes(action),
                query: props.query,
              }),
            )
          : undefined
      }
      rowActions={(row) => (
        <Space size={0} wrap>
          {props.rowActions?.(row)}
          {mayAct && (
            <LifecycleActions
              resource={props.resource.name}
              row={row}
              actions={lifecycle.actionsFrom(row.status)}
              ns={ns}
              name={props.nameOf(row)}
              danger={irreversible}
              testIdPrefix={testIdPrefix}
              query={props.query}
            />
          )}
        </Space>
      )}
    />
  );
}
