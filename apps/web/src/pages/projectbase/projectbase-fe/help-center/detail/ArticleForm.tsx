import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@rx/contracts/errors';
import {
  HELP_SOURCE_LANGUAGE,
  helpArticleCreateBody,
  helpArticleUpdateBody,
  type HelpArticle,
} from '@rx/contracts/help-center';
import { LANGUAGES, LANGUAGE_NAMES, RTL_LANGUAGES, type Language } from '@rx/contracts/languages';
import { serverFieldErrors, useFieldErrors, validateWith } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { currentLanguage, useLocale } from '@/shared/i18n.ts';
import { categoryName, useHelpCategories } from '../CategoryPanel.tsx';
import { categoriesFor, detailPath } from '../help-helpers.ts';
import { RichTextEditor } from '@/shared/rich-text/RichTextEditor.tsx';
import { ARTICLES } from './use-article.ts';

interface ArticleFormProps {
  mode: 'new' | 'edit' | 'translate';
  /** The article edited. */
  article?: HelpArticle;
  /** The article translated from (its title and body are the starting text). */
  source?: HelpArticle;
  translateTo?: Language;
  channelId: number | null;
  productId: number;
  categoryId?: number;
  readOnly: boolean;
}

interface Values {
  category_id?: number;
  language: Language;
  title: string;
  sort: number;
  body: string;
}

/** The article's fields; saving a new one or a translation opens it for editing. */
export function ArticleForm({
  mode,
  article,
  source,
  translateTo,
  channelId,
  productId,
  categoryId,
  readOnly,
}: ArticleFormProps) {
  const { t } = useTranslation('help');
  const message = useMessage();
  const navigate = useNavigate();
  const client = useQueryClient();
  const lang = useLocale((s) => s.language);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { problem, setProblem, show, onFieldsChange } = useFieldErrors(form);
  const categories = useHelpCategories();
  const options = categoriesFor(categories.data?.list ?? [], channelId).map((c) => ({
    value: c.id,
    label: categoryName(c, lang),
  }));
  const initial = useMemo<Values>(() => {
    const from = article ?? source;
    return {
      category_id: from?.category_id ?? categoryId,
      language: article?.language ?? translateTo ?? HELP_SOURCE_LANGUAGE,
      title: from?.title ?? '',
      sort: from?.sort ?? 0,
      body: from?.body ?? '',
    };
  }, [article, source, translateTo, categoryId]);
  const language = Form.useWatch('language', form) ?? initial.language;

  const submit = async () => {
    const values = { ...initial, ...form.getFieldsValue(true) } as Values;
    const [schema, body] =
      mode === 'edit'
        ? [helpArticleUpdateBody, { ...values, language: undefined, version: article!.version }]
        : mode === 'translate'
          ? [helpArticleCreateBody, { ...values, category_id: undefined, translation_of: source!.id }]
          : [helpArticleCreateBody, { ...values, channel_id: channelId }];
    const checked = validateWith<unknown>(schema, body, currentLanguage());
    if (!checked.ok) return show(checked.errors);
    setSaving(true);
    setProblem(null);
    try {
      const saved =
        mode === 'edit'
          ? await http.put<HelpArticle>(`/${ARTICLES}/${article!.id}`, checked.data, { silent: true })
          : await http.post<HelpArticle>(`/${ARTICLES}`, checked.data, { silent: true });
      void client.invalidateQueries({ queryKey: [ARTICLES] });
      void message.success(t('crud:action.saved'));
      if (mode !== 'edit')
        navigate(detailPath(productId, saved.channel_id, { article: saved.id }), { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = serverFieldErrors(error);
      if (fields) show(fields);
      else setProblem(error.code === ErrorCode.CONFLICT ? t('crud:form.stale') : error.msg);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={readOnly}
      onFinish={() => void submit()}
      onFieldsChange={onFieldsChange}
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 16 }} />}
      <Flex gap={16} wrap>
        {mode !== 'translate' && (
          <Form.Item name="category_id" label={t('category')} required style={{ flex: '1 1 200px' }}>
            <Select options={options} loading={categories.isLoading} />
          </Form.Item>
        )}
        {mode === 'new' ? (
          <Form.Item name="language" label={t('language')} required style={{ flex: '1 1 160px' }}>
            <Select options={LANGUAGES.map((v) => ({ value: v, label: LANGUAGE_NAMES[v] }))} />
          </Form.Item>
        ) : (
          <Form.Item label={t('language')} style={{ flex: '1 1 160px' }}>
            <Tag data-testid="article-language">{LANGUAGE_NAMES[initial.language]}</Tag>
          </Form.Item>
        )}
        <Form.Item name="sort" label={t('sort')} style={{ flex: '0 0 120px' }}>
          <InputNumber />
        </Form.Item>
      </Flex>
      <Form.Item name="title" label={t('title')} required>
        <Input maxLength={200} dir={RTL_LANGUAGES.includes(language) ? 'rtl' : undefined} />
      </Form.Item>
      <Form.Item name="body" label={t('body')} extra={t('bodyHint')}>
        <RichTextEditor aria-label={t('body')} dir={RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr'} />
      </Form.Item>
      {!readOnly && (
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('crud:action.save')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
