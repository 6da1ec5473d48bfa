import { useMemo } from 'react';
import { findPage } from '@rx/contracts/pages';
import { isPermitted } from '../../menu/build.ts';
import { useAccess } from '../../permission/index.ts';
import { NOTIFICATION_PAGE } from '@/shared/notifications-api.ts';

/** Whether the user may open the work-order page (its role, like any catalogue page): the ways there show only then. */
export function useCanOpenNotificationPage(): boolean {
  const access = useAccess();
  return useMemo(() => {
    const page = findPage(NOTIFICATION_PAGE);
    return !!page && isPermitted(page, access);
  }, [access]);
}
