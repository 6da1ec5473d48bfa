import { useState } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import { useTranslation } from 'react-i18next';
import { GAME_PLATFORMS } from '@rx/contracts/products';
import { autoRepliesResource } from '@rx/contracts/auto-replies';
import { gameApiKeysAccess } from '@rx/contracts/game-api';
import { permissionOf } from '@rx/contracts/resource';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { SearchForm, channelSearch, enabledSearch, enumSearch, useListParams } from '@/shared/crud/index.ts';
import { useChannels } from '../shared/channels.tsx';
import { GameKeysDrawer } from './GameKeysDrawer.tsx';
import { RulesPanel, useRuleRights } from './RulesPanel.tsx';
import { SpecialReplies } from './SpecialReplies.tsx';
import { TestBox } from './TestBox.tsx';

/** Auto-reply: the rules, the welcome and no-match replies, and a box to test what answers. */
export function AutoReplyPage() {
  const { t } = useTranslation('autoReply');
  const productId = useProduct((s) => s.productId);
  const [params, setParams] = useListParams(autoRepliesResource.filters);
  const channels = useChannels();
  const can = useRuleRights();
  // The game API keys belong to the product (its page's permissions).
  const canSeeKeys = usePermission([permissionOf(gameApiKeysAccess, 'read')]);
  const canManageKeys = usePermission([permissionOf(gameApiKeysAccess, 'create')]);
  const [keysOpen, setKeysOpen] = useState(false);

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  return (
    <>
      <Flex justify="space-between" align="start" gap={16} wrap>
        <div>
          <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
            {t('menu:page.autoReply')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        </div>
        {canSeeKeys && (
          <Button icon={<KeyOutlined />} onClick={() => setKeysOpen(true)}>
            {t('keys.button')}
          </Button>
        )}
      </Flex>
      <Flex gap={16} align="start" wrap>
        <div style={{ flex: '3 1 720px', minWidth: 0 }}>
          <RulesPanel
            productId={productId}
            params={params}
            setParams={setParams}
            can={can}
            filters={
              <SearchForm
                values={params.filters}
                onSearch={(filters) => setParams({ filters })}
                fields={[
                  { name: 'q', label: t('crud:field.keyword'), width: 160 },
                  channelSearch(t, channels.list),
                  { ...enumSearch(t, 'platform', t('platform'), GAME_PLATFORMS, 'platforms'), width: 120 },
                  enabledSearch(t),
                ]}
              />
            }
          />
        </div>
        <Flex vertical gap={16} style={{ flex: '1 1 340px' }}>
          <TestBox />
          <SpecialReplies canEdit={can.edit} />
        </Flex>
      </Flex>
      {canSeeKeys && (
        <GameKeysDrawer open={keysOpen} onClose={() => setKeysOpen(false)} canManage={canManageKeys} />
      )}
    </>
  );
}
