import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  CS_SCRIPT_VARIABLES,
  CS_TEXT_MAX,
  csScriptAccess,
  csScriptBody,
  csScriptUpdateBody,
  type CsScript,
  type CsScriptInput,
} from '@rx/contracts/cs';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@rx/contracts/languages';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { FormDrawer } from '@/shared/crud/FormDrawer.tsx';
import { RowEditDelete, actionsColumn } from '@/shared/crud/ListParts.tsx';
import { DataTable } from '@/shared/ui/index.ts';
import { useWholeList } from '@/shared/cs/use-whole-list.ts';

const NEW_SCRIPT: CsScriptInput = { title: '', category: '', body: '', lang: '', personal: false };
const ANY = '*';

const languageLabel = (lang: Language | '', any: string) => (lang ? LANGUAGE_NAMES[lang] : any);

/** The fields of a canned reply. */
function ScriptForm() {
  const { t } = useTranslation('csScripts');
  const languages = [
    { value: '', label: t('anyLanguage') },
    ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
  ];
  return (
    <>
      <Form.Item name="title" htmlFor="cs-script-title" label={t('title')} required extra={t('titleHint')}>
        <Input id="cs-script-title" maxLength={64} />
      </Form.Item>
      <Form.Item name="category" htmlFor="cs-script-category" label={t('category')}>
        <Input id="cs-script-category" maxLength={64} />
      </Form.Item>
      <Form.Item name="lang" htmlFor="cs-script-lang" label={t('lang')} extra={t('langHint')}>
        <Select id="cs-script-lang" options={languages} />
      </Form.Item>
      <Form.Item
        name="body"
        htmlFor="cs-script-body"
        label={t('body')}
        required
        extra={t('bodyHint', { variables: CS_SCRIPT_VARIABLES.map((v) => `{${v}}`).join(' ') })}
      >
        <Input.TextArea id="cs-script-body" maxLength={CS_TEXT_MAX} rows={4} />
      </Form.Item>
      <Form.Item name="personal" htmlFor="cs-script-personal" label={t('personal')} extra={t('personalHint')}>
        <Switch id="cs-script-personal" />
      </Form.Item>
    </>
  );
}

/**
 * Common scripts (`service/see/common_script`): the canned replies agents insert with `/` in the
 * workbench — shared by the game's agents or one agent's own, by category and language.
 */
export function CommonScriptsPage() {
  const { t } = useTranslation('csScripts');
  const productId = useProduct((s) => s.productId);
  const p = csScriptAccess.permissions;
  const canEdit = usePermission([p.edit]);
  const canDelete = usePermission([p.delete]);
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<string>(ANY);
  const [lang, setLang] = useState<string>(ANY);
  const { rows, loading, problem, editing, setEditing, remove, save } = useWholeList<CsScript>(
    '/cs/scripts',
    {
      idOf: (row) => row.id,
      query: q ? { q } : undefined,
      enabled: !!productId,
    },
  );

  const categories = useMemo(() => [...new Set(rows.map((r) => r.category).filter(Boolean))].sort(), [rows]);
  const shown = useMemo(
    () =>
      rows.filter((r) => (category === ANY || r.category === category) && (lang === ANY || r.lang === lang)),
    [rows, category, lang],
  );

  const columns: ColumnsType<CsScript> = [
    {
      title: t('title'),
      dataIndex: 'title',
      width: 160,
      sorter: (a, b) => a.title.localeCompare(b.title),
    },
    {
      title: t('category'),
      dataIndex: 'category',
      width: 120,
      sorter: (a, b) => a.category.localeCompare(b.category),
    },
    {
      title: t('lang'),
      dataIndex: 'lang',
      width: 120,
      render: (l: Language | '') => languageLabel(l, t('anyLanguage')),
    },
    { title: t('body'), dataIndex: 'body', width: 280, ellipsis: true },
    {
      title: t('scope'),
      dataIndex: 'personal',
      width: 100,
      render: (personal: boolean) => (
        <Tag color={personal ? 'gold' : 'blue'}>{personal ? t('mine') : t('shared')}</Tag>
      ),
    },
    { title: t('createdBy'), dataIndex: 'created_by', width: 110 },
    {
      title: t('crud:field.updatedAt'),
      dataIndex: 'updated_at',
      width: 170,
      sorter: (a, b) => a.updated_at.localeCompare(b.updated_at),
      render: (at: string) => new Date(at).toLocaleString(),
    },
    actionsColumn(t, 130, (row) => (
      <RowEditDelete
        canEdit={canEdit}
        canDelete={canDelete}
        onEdit={() => setEditing(row)}
        onDelete={() => void remove(row)}
        confirm={t('crud:action.confirmDelete', { name: row.title })}
      />
    )),
  ];

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.commonScripts')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Flex wrap gap={8} align="center" style={{ marginBlockEnd: 12 }}>
        <Input.Search
          aria-label={t('crud:field.keyword')}
          placeholder={t('crud:field.keyword')}
          allowClear
          style={{ width: 220 }}
          data-testid="cs-scripts-search"
          onSearch={(value) => setQ(value.trim())}
        />
        <Select
          aria-label={t('category')}
          style={{ minWidth: 140 }}
          value={category}
          onChange={setCategory}
          options={[
            { value: ANY, label: t('allCategories') },
            ...categories.map((c) => ({ value: c, label: c })),
          ]}
        />
        <Select
          aria-label={t('lang')}
          style={{ minWidth: 140 }}
          value={lang}
          onChange={setLang}
          data-testid="cs-scripts-lang"
          options={[
            { value: ANY, label: t('allLanguages') },
            { value: '', label: t('anyLanguage') },
            ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
          ]}
        />
        {canEdit && (
          <Button type="primary" onClick={() => setEditing('new')} style={{ marginInlineStart: 'auto' }}>
            {t('crud:action.create')}
          </Button>
        )}
      </Flex>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
      <DataTable<CsScript>
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={shown}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('createTitle') : t('editTitle')}
        initialValues={editing === 'new' || editing === null ? NEW_SCRIPT : editing}
        schema={editing === 'new' ? csScriptBody : csScriptUpdateBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <ScriptForm />
      </FormDrawer>
    </>
  );
}
