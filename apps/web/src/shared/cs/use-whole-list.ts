import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';

/**
 * A settings list the server answers whole (customer-service scripts, personnel): its rows, the
 * server's refusal to show instead, the row being edited (`'new'` for a new one), and delete and
 * save that say how it went and read the list again. Loads once `enabled`, again when `query` changes.
 */
export function useWholeList<Row>(
  base: string,
  options: { idOf: (row: Row) => number | string; query?: Record<string, string>; enabled?: boolean },
) {
  const { t } = useTranslation('crud');
  const message = useMessage();
  const { idOf, query, enabled = true } = options;
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const queryKey = JSON.stringify(query ?? null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const sent = JSON.parse(queryKey) as Record<string, string> | null;
      setRows((await http.get<{ list: Row[] }>(base, sent ?? undefined, { silent: true })).list);
      setProblem(null);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.msg);
    } finally {
      setLoading(false);
    }
  }, [base, queryKey]);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => void load(), 0);
    return () => clearTimeout(timer);
  }, [load, enabled]);

  const remove = async (row: Row) => {
    try {
      await http.delete(`${base}/${idOf(row)}`, { silent: true });
      void message.success(t('action.deleted'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void message.error(error.msg);
    }
    await load();
  };
  const save = async (data: unknown) => {
    if (editing === 'new') await http.post(base, data, { silent: true });
    else if (editing) await http.put(`${base}/${idOf(editing)}`, data, { silent: true });
    void message.success(t('action.saved'));
    setEditing(null);
    await load();
  };
  return { rows, loading, problem, editing, setEditing, load, remove, save };
}
