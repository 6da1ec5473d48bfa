import { useCallback } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BugAssignee } from '@rx/contracts/bugs';
import type { AppRelease } from '@rx/contracts/releases';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';
import { resourceKey } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';

/** How staff name a version: platform · channel · name (build). */
export function useVersionLabel() {
  const { t } = useTranslation('releases');
  return useCallback(
    (row: Pick<AppRelease, 'platform' | 'channel' | 'version_name' | 'version_code'>) =>
      `${t(`platforms.${row.platform}`)} · ${row.channel || t('allChannels')} · ${row.version_name} (${row.version_code})`,
    [t],
  );
}

interface PickerProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
  allowClear?: boolean;
  'aria-label'?: string;
}

/** A version of the game (`/app-releases`), searched by name. */
export function VersionSelect(props: PickerProps) {
  const label = useVersionLabel();
  return <RefSelect<AppRelease> resource="app-releases" label={label} style={{ width: '100%' }} {...props} />;
}

/** Staff a bug may go to (`/bugs/assignees`: those who see the bug page). */
export function AssigneeSelect({ id, value, onChange, disabled, 'aria-label': ariaLabel }: PickerProps) {
  const staff = useQuery({
    queryKey: resourceKey('bugs', 'assignees'),
    queryFn: ({ signal }) => http.get<BugAssignee[]>('/bugs/assignees', undefined, { signal }),
  });
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      disabled={disabled}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={staff.isLoading}
      options={(staff.data ?? []).map((u) => ({ value: u.id, label: u.username }))}
      aria-label={ariaLabel}
      style={{ width: '100%' }}
    />
  );
}
