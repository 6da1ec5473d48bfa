import type { FormInstance } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { serverFieldErrors, validateWith } from '@/shared/crud/index.ts';
import { currentLanguage } from '@/shared/i18n.ts';

/**
 * A dialog that sends the body its form makes (`bodyOf`) once it passes the API's own schema (a new
 * batch, a pull of days): what the schema or the server finds wrong with one of the form's `fields`
 * shows on that field (by a path's first step); any other refusal goes to `onError`. `modal` is the
 * open dialog's own props: OK sends, Cancel closes, OK spins while sending.
 */
export function useCheckedSend<Body, Answer>({
  form,
  fields,
  schema,
  bodyOf,
  send,
  onSent,
  onError,
  onClose,
}: {
  form: FormInstance;
  fields: readonly string[];
  schema: z.ZodType;
  bodyOf: () => Body;
  send: (body: Body) => Promise<Answer>;
  onSent: (answer: Answer) => void;
  onError: (error: unknown) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mark = (errors: Record<string, string>) =>
    form.setFields(
      Object.entries(errors)
        .map(([path, message]) => [path.split('.')[0]!, message] as const)
        .filter(([name]) => fields.includes(name))
        .map(([name, message]) => ({ name, errors: [message] })),
    );
  const sending = useMutation({
    mutationFn: send,
    onSuccess: onSent,
    onError: (error) => {
      const found = serverFieldErrors(error);
      if (found) mark(found);
      else onError(error);
    },
  });
  const submit = () => {
    const body = bodyOf();
    const checked = validateWith(schema, body, currentLanguage());
    if (!checked.ok) {
      mark(checked.errors);
      return;
    }
    sending.mutate(body);
  };
  return {
    modal: {
      open: true,
      onCancel: onClose,
      onOk: submit,
      cancelText: t('crud:action.cancel'),
      confirmLoading: sending.isPending,
    },
  };
}
