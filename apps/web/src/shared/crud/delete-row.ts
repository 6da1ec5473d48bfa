import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@rx/contracts/errors';
import { useMessage } from '../feedback.tsx';
import { ApiError, http } from '../http.ts';

export type DeleteOutcome = 'deleted' | 'disabled' | 'refused';

/** What a 422001 of a delete carries when the row was in use and disabled instead. */
export function disabledInstead(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === ErrorCode.BUSINESS_RULE &&
    (error.data as { disabled?: boolean } | null)?.disabled === true
  );
}

/**
 * Deletes a row of a resource and says what happened. A row in use is disabled instead by the
 * server (422001, `data.disabled`): that is the expected outcome, told as a notice, not an error.
 * Another refusal is an error toast, or goes to `onRefused`. It never rejects for an API answer,
 * so the confirm button awaiting it leaves nothing uncaught; the resource's lists refresh.
 */
export function useDeleteRow(resource: string) {
  const { t } = useTranslation('crud');
  const message = useMessage();
  const client = useQueryClient();
  return useCallback(
    async (id: number, onRefused?: (error: ApiError) => void): Promise<DeleteOutcome> => {
      try {
        await http.delete(`/${resource}/${id}`, { silent: true });
        void message.success(t('action.deleted'));
        return 'deleted';
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (disabledInstead(error)) {
          void message.info(error.msg);
          return 'disabled';
        }
        if (onRefused) onRefused(error);
        else void message.error(error.msg);
        return 'refused';
      } finally {
        void client.invalidateQueries({ queryKey: [resource] });
      }
    },
    [resource, t, message, client],
  );
}
