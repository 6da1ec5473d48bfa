import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearChangedErrors, hasFieldErrors, showFieldErrors, type FieldMessages } from './zod-form.ts';

/**
 * A schema-checked form's errors: `show` puts messages on their fields (naming the language of a
 * multilingual one) and sums them up above the form; `onFieldsChange` takes an error away as soon
 * as its field is changed, and the summary with the last one.
 */
export function useFieldErrors(form: FormInstance) {
  const { t } = useTranslation('crud');
  const [problem, setProblem] = useState<string | null>(null);
  const fixErrors = t('form.fixErrors');

  const show = useCallback(
    (errors: FieldMessages) => {
      const orphans = showFieldErrors(form, errors, (language, message) =>
        t('form.inLanguage', { language, message }),
      );
      setProblem(orphans.length ? orphans.join(' ') : fixErrors);
    },
    [form, t, fixErrors],
  );
  const onFieldsChange = useCallback(
    (changed: { name: (string | number)[] }[]) => {
      clearChangedErrors(form, changed);
      if (!hasFieldErrors(form)) setProblem((current) => (current === fixErrors ? null : current));
    },
    [form, fixErrors],
  );
  return { problem, setProblem, show, onFieldsChange };
}
