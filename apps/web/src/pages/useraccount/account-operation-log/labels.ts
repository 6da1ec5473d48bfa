import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperationLog } from '@rx/contracts/operation-logs';

/**
 * How the log names things: actions and kinds of target translated, a target by its name (a
 * chat or friend access policy by its game, region and channel), never by a raw code or id.
 */
export function useLogLabels(productName: (id: number | null) => string) {
  const { t } = useTranslation('oplog');
  return useMemo(
    () => ({
      action: (action: string) => t(`actions.${action}`, action),
      targetType: (type: string) => t(`targets.${type}`, type),
      target: (entry: OperationLog) => {
        const scope = entry.target_scope;
        if (scope) {
          const region = t(`regions.${scope.region}`, scope.region);
          return [productName(entry.product_id), region, scope.channel ?? t('allChannels')].join(' · ');
        }
        return entry.target_name || t(`targets.${entry.target_type}`, entry.target_type);
      },
    }),
    [t, productName],
  );
}
