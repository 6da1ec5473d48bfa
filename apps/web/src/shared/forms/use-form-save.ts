import { useState } from 'react';
import type { FormInstance } from 'antd';
import { serverFieldErrors, showFieldErrors } from '@/shared/crud/index.ts';

/**
 * Runs a form's save and says when it is under way: the messages the server gives for fields are
 * shown on those fields, any other error is thrown on (to the global error handler).
 */
export function useFormSave<V>(form: FormInstance<V>, save: (values: V) => Promise<void>) {
  const [saving, setSaving] = useState(false);
  const run = async (values: V) => {
    setSaving(true);
    try {
      await save(values);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) showFieldErrors(form, fields);
      else throw error;
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}
