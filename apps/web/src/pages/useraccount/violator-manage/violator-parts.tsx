import { Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ViolatorStatus } from '@rx/contracts/violations';

const STATUS_COLORS: Record<ViolatorStatus, string> = {
  open: 'error',
  handled: 'success',
  dismissed: 'default',
};

export const detailLink = (openid: string) =>
  `/useraccount/violator-manage/detail?openid=${encodeURIComponent(openid)}`;

export function StatusTag({ t, status }: { t: TFunction; status: ViolatorStatus }) {
  return (
    <span data-testid="violator-status" data-status={status}>
      <Tag color={STATUS_COLORS[status]}>{t(`statuses.${status}`)}</Tag>
    </span>
  );
}

/** Hits per category, as small tags ("Botting 2"). */
export function CategoryHits({ t, counts }: { t: TFunction; counts: Record<string, number> }) {
  return (
    <Space size={[4, 4]} wrap>
      {Object.entries(counts).map(([category, n]) => (
        <Tag key={category} data-category={category}>
          {t(`categories.${category}`)} <bdi>{n}</bdi>
        </Tag>
      ))}
    </Space>
  );
}
