import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, type FormInstance } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorCode } from '@rx/contracts/errors';
import { useProduct } from '@/app/product/index.ts';
import { serverFieldErrors, showFieldErrors, validateWith } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';

type Versioned = { version: number };

/**
 * A game's one settings document edited in a form (service settings, the player's panel): read at
 * `path`, shown in the form, checked by the body schema and saved with the version read; a stale
 * save shows `staleNotice` (the page's words) with a reload.
 */
export function useGameDocument<T extends Versioned>(
  path: string,
  body: z.ZodType,
  prepare: (values: Record<string, unknown>) => Record<string, unknown> = (values) => values,
) {
  const { t } = useTranslation();
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm();
  const [staleAt, setStaleAt] = useState<number | null>(null);
  const queryKey = [path, productId];
  const doc = useQuery({
    queryKey,
    enabled: productId !== null,
    queryFn: ({ signal }) => http.get<T>(path, undefined, { signal }),
  });
  useEffect(() => {
    if (doc.data) {
      form.resetFields();
      form.setFieldsValue(doc.data);
    }
  }, [doc.data, form]);

  const save = useMutation({
    mutationFn: (values: unknown) => http.put<T>(path, values, { silent: true }),
    onSuccess: (next) => {
      client.setQueryData(queryKey, next);
      void message.success(t('crud:action.saved'));
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) showFieldErrors(form, fields);
      else if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) setStaleAt(doc.dataUpdatedAt);
      else if (error instanceof ApiError) void message.error(error.msg);
    },
  });
  const submit = () => {
    const values = prepare({ ...form.getFieldsValue(true), version: doc.data?.version ?? 1 });
    const checked = validateWith(body, values, lang);
    if (!checked.ok) {
      showFieldErrors(form, checked.errors);
      return;
    }
    save.mutate(checked.data);
  };
  const stale = staleAt !== null && staleAt === doc.dataUpdatedAt;
  /** The notice a stale save leaves above the form. */
  const staleAlert = (words: { stale: string; reload: string }) =>
    stale ? (
      <Alert
        type="warning"
        showIcon
        style={{ marginBlockEnd: 16 }}
        title={words.stale}
        action={
          <Button size="small" onClick={() => void doc.refetch()}>
            {words.reload}
          </Button>
        }
      />
    ) : null;
  /** What the page shows instead of the form: no game chosen, or the document unreadable. */
  const blocked =
    productId === null ? (
      <Alert type="info" showIcon title={t('crud:product.required')} />
    ) : doc.isError ? (
      <Alert type="warning" showIcon title={(doc.error as ApiError | undefined)?.msg ?? ''} />
    ) : null;
  return { form: form as FormInstance, doc, save, submit, staleAlert, blocked };
}

/**
 * The document's form in a card (loading while it is read): the stale notice in the page's `words`
 * above the page's fields, then Save for staff who may edit (the others see the fields disabled).
 */
export function GameDocumentCard({
  document: { form, doc, save, submit, staleAlert },
  canEdit,
  words,
  testId,
  maxWidth,
  children,
}: {
  document: ReturnType<typeof useGameDocument>;
  canEdit: boolean;
  words: { stale: string; reload: string };
  testId: string;
  maxWidth: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card loading={doc.isLoading}>
      {staleAlert(words)}
      <Form
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={submit}
        data-testid={testId}
        style={{ maxWidth }}
      >
        {children}
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('crud:action.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
