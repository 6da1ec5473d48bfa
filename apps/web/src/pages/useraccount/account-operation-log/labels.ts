import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { APPROVAL_KINDS } from '@rx/contracts/approvals';
import type { OperationLog } from '@rx/contracts/operation-logs';

/**
 * An approval request's target as the server logs it (`code_batches.activate <name>`): the kind in
 * words ("Activate a code batch") before the object's name, never the kind's key (issue 27).
 */
export function requestTarget(t: TFunction, name: string): string {
  const space = name.indexOf(' ');
  const kind = space < 0 ? name : name.slice(0, space);
  if (!(kind in APPROVAL_KINDS)) return name;
  const rest = space < 0 ? '' : name.slice(space + 1);
  return [t(`approvals:kinds.${kind}`), rest].filter(Boolean).join(' · ');
}

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
        if (entry.target_type === 'approval_request' && entry.target_name)
          return requestTarget(t, entry.target_name);
        return entry.target_name || t(`targets.${entry.target_type}`, entry.target_type);
      },
    }),
    [t, productName],
  );
}
