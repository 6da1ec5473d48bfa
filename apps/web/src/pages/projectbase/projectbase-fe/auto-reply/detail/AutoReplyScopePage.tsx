import { useMemo, useState } from 'react';
import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useProduct } from '@/app/product/index.ts';
import type { ListParams } from '@/shared/crud/index.ts';
import { BackTitleBar } from '@/shared/ui/BackTitleBar.tsx';
import { useChannelLabel } from '../../shared/channels.tsx';
import { idSegment } from '../../shared/route-segments.ts';
import { useRouteProduct } from '../../shared/route-product.ts';
import { AUTO_REPLY_BASE, platformSegment, type ReplyScope } from '../auto-reply-helpers.ts';
import { RulesPanel, useRuleRights } from '../RulesPanel.tsx';
import { SpecialReplies } from '../SpecialReplies.tsx';
import { TestBox } from '../TestBox.tsx';

/**
 * One scope's replies (`detail/:product_id/:channel_id/:platform_id`, `0` / `all` for every channel
 * or platform): its rules, its channel's welcome and no-match replies, and the test box set to it.
 */
export function AutoReplyScopePage() {
  const { t } = useTranslation('autoReply');
  const navigate = useNavigate();
  const { product_id, channel_id, platform_id } = useParams();
  const ready = useRouteProduct(product_id);
  const productId = useProduct((s) => s.productId);
  const channelLabel = useChannelLabel(t('allChannels'));
  const can = useRuleRights();
  const scope = useMemo<ReplyScope>(
    () => ({ channelId: idSegment(channel_id) ?? null, platform: platformSegment(platform_id) }),
    [channel_id, platform_id],
  );
  const [paging, setPaging] = useState<Omit<ListParams, 'filters'>>({ page: 1, page_size: 10 });
  const params = useMemo<ListParams>(
    () => ({
      ...paging,
      filters: {
        channel_id: String(scope.channelId ?? 0),
        ...(scope.platform ? { platform: scope.platform } : {}),
      },
    }),
    [paging, scope],
  );

  if (!ready || !productId) return <Spin />;
  return (
    <>
      <BackTitleBar
        backLabel={t('back')}
        onBack={() => void navigate(AUTO_REPLY_BASE)}
        title={t('scopeTitle', {
          channel: channelLabel(scope.channelId),
          platform: scope.platform ? t(`platforms.${scope.platform}`) : t('allPlatforms'),
        })}
      />
      <Typography.Paragraph type="secondary">{t('scopeHint')}</Typography.Paragraph>
      <Flex gap={16} align="start" wrap>
        <div style={{ flex: '3 1 720px', minWidth: 0 }}>
          <RulesPanel
            productId={productId}
            params={params}
            setParams={({ filters: _, ...change }) => setPaging((p) => ({ ...p, ...change }))}
            scope={scope}
            can={can}
          />
        </div>
        <Flex vertical gap={16} style={{ flex: '1 1 340px' }}>
          <TestBox scope={scope} />
          <SpecialReplies channelId={scope.channelId} canEdit={can.edit} />
        </Flex>
      </Flex>
    </>
  );
}
