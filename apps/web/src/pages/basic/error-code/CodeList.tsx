import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import {
  CLIENT_ACTIONS,
  errorCodeCreateBody,
  errorCodeUpdateBody,
  errorCodesResource,
  type ErrorCodeCreate,
  type ErrorCodeText,
} from '@rx/contracts/error-codes';
import { LANGUAGES, LANGUAGE_NAMES } from '@rx/contracts/languages';
import {
  ListToolbar,
  enumSearch,
  languageSearch,
  statusSearch,
  missingLanguages,
  emptyText,
  useResourceList,
  useResourceMutations,
  useDeleteRow,
  type ListParams,
  statusColumn,
  updatedAtColumn,
  actionsColumn,
} from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ErrorCodeForm } from './ErrorCodeForm.tsx';
import { placeholderProblems } from './error-code-helpers.ts';
import { EditDrawer } from '@/shared/crud/FormDrawer.tsx';
import { QueryList } from '@/shared/crud/QueryListPage.tsx';

const RESOURCE = errorCodesResource.name;
/** The modules games usually have; the list adds the ones in use. */
const COMMON_MODULES = ['login', 'payment', 'gameplay', 'social', 'system'];
const NEW_CODE: ErrorCodeCreate = {
  code: '',
  module: '',
  default_text: '',
  texts: emptyText(),
  action: 'none',
  status: 'active',
};

interface CodeListProps {
  params: ListParams;
  setParams: (change: Partial<ListParams>) => void;
  can: { edit: boolean; remove: boolean; exportRows: boolean };
}

/** The working copy of the codes: what the next release will hold. */
export function CodeList({ params, setParams, can }: CodeListProps) {
  const { t } = useTranslation('errorCodes');
  const message = useMessage();
  const list = useResourceList<ErrorCodeText>(RESOURCE, params);
  const { create, update, refresh } = useResourceMutations<
    ErrorCodeCreate,
    Record<string, unknown> & { version: number }
  >(RESOURCE);
  const deleteRow = useDeleteRow(RESOURCE);
  const [editing, setEditing] = useState<ErrorCodeText | 'new' | null>(null);
  const modules = useMemo(
    () => [...new Set([...COMMON_MODULES, ...(list.data?.list ?? []).map((c) => c.module)])].sort(),
    [list.data],
  );

  const columns = useMemo<ColumnsType<ErrorCodeText>>(
    () => [
      { title: t('code'), dataIndex: 'code', width: 110, sorter: true },
      { title: t('module'), dataIndex: 'module', width: 100, sorter: true },
      { title: t('defaultText'), dataIndex: 'default_text', width: 240 },
      {
        title: t('coverage'),
        key: 'coverage',
        width: 190,
        render: (_, code) => {
          const missing = missingLanguages(code.texts);
          const bad = placeholderProblems(code.default_text, code.texts).map((p) => p.lang);
          return (
            <Space size={4} wrap>
              <Tooltip title={missing.map((lang) => LANGUAGE_NAMES[lang]).join(', ')}>
                <Tag color={missing.length ? 'warning' : 'success'}>
                  {t('translated', { done: LANGUAGES.length - missing.length, total: LANGUAGES.length })}
                </Tag>
              </Tooltip>
              {bad.length > 0 && (
                <Tag color="error">{t('placeholderTag', { languages: bad.join(', ') })}</Tag>
              )}
            </Space>
          );
        },
      },
      {
        title: t('action'),
        dataIndex: 'action',
        width: 120,
        sorter: true,
        render: (v: string) => t(`actions.${v}`),
      },
      statusColumn(t),
      updatedAtColumn(t),
      actionsColumn(t, 140, (code) => (
        <Space>
          {can.edit && (
            <Button type="link" size="small" onClick={() => setEditing(code)}>
              {t('crud:action.edit')}
            </Button>
          )}
          {can.remove && (
            <Popconfirm title={t('confirmDelete', { code: code.code })} onConfirm={() => deleteRow(code.id)}>
              <Button type="link" size="small" danger>
                {t('crud:action.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )),
    ],
    [t, can, deleteRow],
  );

  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as ErrorCodeCreate);
    else if (editing) await update.mutateAsync({ id: editing.id, body: data as { version: number } });
    void message.success(t('crud:action.saved'));
  };

  return (
    <>
      <QueryList<ErrorCodeText>
        params={params}
        setParams={setParams}
        list={list}
        fields={[
          { name: 'q', label: t('crud:field.keyword') },
          {
            name: 'module',
            label: t('module'),
            kind: 'select',
            options: modules.map((v) => ({ value: v, label: v })),
          },
          enumSearch(t, 'action', t('action'), CLIENT_ACTIONS, 'actions'),
          statusSearch(t),
          languageSearch('missing_lang', t('missingLang')),
        ]}
        searchExtra={
          <ListToolbar
            resource={RESOURCE}
            filters={params.filters}
            canEdit={can.edit}
            canExport={can.exportRows}
            onCreate={() => setEditing('new')}
            onImported={() => void refresh()}
          />
        }
        rowKey="id"
        toolsId="error-codes"
        columns={columns}
      />
      <EditDrawer
        editing={editing}
        width={720}
        titles={{ create: t('createTitle'), edit: t('editTitle') }}
        newItem={NEW_CODE}
        schemas={{ create: errorCodeCreateBody, update: errorCodeUpdateBody }}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <ErrorCodeForm editing={editing !== 'new'} modules={modules} />
      </EditDrawer>
    </>
  );
}
