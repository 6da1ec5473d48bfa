import { Card, Empty, Space, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { profileTagsResource, type PlayerTag } from '@rx/contracts/profile-tags';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { loadNamespace } from '@/shared/i18n.ts';

// The profile tags strings load with the profile page (this component is part of its chunk).
await loadNamespace('profile-tags');

function valueText(tag: PlayerTag, yes: string, no: string): string {
  if (tag.type === 'boolean') return tag.value ? yes : no;
  if (tag.type === 'date') return formatDateTime(String(tag.value));
  return String(tag.value);
}

/** A player's profile tags on their profile (shown to staff who may see the tags page). */
export function ProfileTagsCard({ openid }: { openid: string }) {
  const { t } = useTranslation('profile-tags');
  const productId = useProduct((s) => s.productId);
  const allowed = usePermission([profileTagsResource.permissions.see]);
  const tags = useQuery({
    queryKey: ['profile-tags', productId, 'by-player', openid],
    queryFn: () => http.get<PlayerTag[]>(`/profile-tags/by-player/${encodeURIComponent(openid)}`),
    enabled: allowed && !!productId && !!openid,
  });
  if (!allowed) return null;
  return (
    <Card
      size="small"
      title={t('cardTitle')}
      style={{ marginBlockEnd: 16 }}
      loading={tags.isLoading}
      data-testid="player-tags"
    >
      {tags.data?.length ? (
        <Space size={[8, 8]} wrap>
          {tags.data.map((tag) => (
            <Tooltip key={tag.tag_id} title={`${t(`sources.${tag.source}`)} · ${formatDateTime(tag.set_at)}`}>
              <Link to={`/commercialactivity/user-profile-userlist/${encodeURIComponent(tag.name)}`}>
                <Tag color="blue">
                  {tag.label}: {valueText(tag, t('yes'), t('no'))}
                </Tag>
              </Link>
            </Tooltip>
          ))}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noTags')} />
      )}
    </Card>
  );
}
