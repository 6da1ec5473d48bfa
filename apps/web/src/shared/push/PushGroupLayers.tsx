import { useEffect, useMemo } from 'react';
import { Flex, Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { PushGroupLayers as GroupLayers } from '@rx/contracts/push';
import type { UserGroupLayer } from '@rx/contracts/user-groups';
import { http } from '@/shared/http.ts';

interface Group {
  id: number;
  name: string;
  label: string;
  layers?: UserGroupLayer[];
}

/**
 * Per chosen user group that has layers, the layers the push reaches (none chosen: the whole group).
 * A form control of `user_group_layers` beside `user_group_ids`: a group taken off the list takes
 * its layers with it. The groups are the group picker's read (the same cache); without the user
 * groups page's permission there is nothing to pick from, and what the task has stays.
 */
export function PushGroupLayers({
  value,
  onChange,
}: {
  value?: GroupLayers[];
  onChange?: (value: GroupLayers[]) => void;
}) {
  const { t } = useTranslation('push');
  const watched = Form.useWatch('user_group_ids') as number[] | undefined;
  const groupIds = useMemo(() => watched ?? [], [watched]);
  const groups = useQuery({
    queryKey: ['user-groups', 'choices'],
    queryFn: () => http.get<{ list: Group[] }>('/user-groups', { page_size: 100 }, { silent: true }),
    retry: false,
  });
  const chosen = useMemo(() => value ?? [], [value]);
  const stale = chosen.some((g) => !groupIds.includes(g.group_id));
  useEffect(() => {
    if (stale) onChange?.(chosen.filter((g) => groupIds.includes(g.group_id)));
  }, [stale, chosen, groupIds, onChange]);
  const byId = new Map((groups.data?.list ?? []).map((g) => [g.id, g]));
  const layered = groupIds
    .map((id) => ({ id, group: byId.get(id), keys: chosen.find((g) => g.group_id === id)?.layers ?? [] }))
    .filter(({ group, keys }) => (group?.layers?.length ?? 0) > 0 || keys.length > 0);
  const pick = (groupId: number, keys: string[]) =>
    onChange?.([
      ...chosen.filter((g) => g.group_id !== groupId && groupIds.includes(g.group_id)),
      ...(keys.length ? [{ group_id: groupId, layers: keys }] : []),
    ]);
  if (!layered.length) return <Typography.Text type="secondary">{t('audience.allMembers')}</Typography.Text>;
  return (
    <Flex vertical gap={8} data-testid="push-group-layers">
      {layered.map(({ id, group, keys }) => {
        const name = group ? group.label || group.name : `#${id}`;
        const options = (group?.layers ?? []).map((l) => ({
          value: l.key,
          label: `${l.name} (${l.percent}%)`,
        }));
        for (const key of keys)
          if (!options.some((o) => o.value === key)) options.push({ value: key, label: key });
        return (
          <Flex key={id} gap={8} align="center" wrap>
            <Typography.Text style={{ minWidth: 120 }}>{name}</Typography.Text>
            <Select
              mode="multiple"
              allowClear
              style={{ flex: 1, minWidth: 220 }}
              aria-label={t('audience.layersOf', { group: name })}
              value={keys}
              onChange={(next: string[]) => pick(id, next)}
              options={options}
              placeholder={t('audience.allMembers')}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}
