import { Flex } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OUTSIDE_PARTIES, outsidePartiesAccess, type OutsidePartyItem } from '@rx/contracts/outside-parties';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';
import { GamePage } from '@/shared/ui/GamePage.tsx';
import { CallLog } from './CallLog.tsx';
import { PartyCard } from './PartyCard.tsx';

export const PARTIES_KEY = 'outside-parties';

/**
 * A game's outside parties: for each kind (its server, the web shop's payment provider, the store)
 * off, the built-in fake or the real one with its settings and credentials; then every call made to
 * them.
 */
export function OutsidePartiesPage() {
  const { t } = useTranslation('outside');
  const productId = useProduct((s) => s.productId);
  const canEdit = usePermission([outsidePartiesAccess.permissions.edit]);
  const parties = useQuery({
    queryKey: [PARTIES_KEY, productId],
    enabled: productId !== null,
    queryFn: ({ signal }) => http.get<OutsidePartyItem[]>(`/${PARTIES_KEY}`, undefined, { signal }),
  });

  return (
    <GamePage title={t('menu:page.outsideParties')} intro={t('intro')}>
      <Flex vertical gap={16} style={{ marginBlockEnd: 24 }}>
        {OUTSIDE_PARTIES.map((contract) => (
          <PartyCard
            key={`${productId}:${contract.name}`}
            contract={contract}
            item={parties.data?.find((p) => p.party === contract.name)}
            loading={parties.isLoading}
            canEdit={canEdit}
          />
        ))}
      </Flex>
      <CallLog />
    </GamePage>
  );
}
