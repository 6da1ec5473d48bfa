import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { GIFT_USES, giftResource, type GiftPackage } from '@rx/contracts/gift-packages';
import { propsResource, type Prop } from '@rx/contracts/props';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { copyName, enumSearch, statusSearch } from '@/shared/crud/index.ts';
import { ResourceListPage, type Opening } from '@/shared/crud/ResourceListPage.tsx';
import { useLocale } from '@/shared/i18n.ts';
import { textIn } from '@/shared/crud/ref-names.ts';
import { useNames } from '@/shared/crud/RefSelect.tsx';
import { useGiftColumns } from './GiftColumns.tsx';
import { GiftForm, usePropLabel } from './GiftForm.tsx';
import { UsedByModal } from './UsedByModal.tsx';

// A new gift starts with one empty content row to fill in.
const NEW_GIFT = {
  name: { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' },
  contents: [{ quantity: 1 }],
  icon_url: '',
  valid_from: null,
  valid_to: null,
  per_player_limit: 0,
  usable_in: [...GIFT_USES],
  status: 'active',
};

/** Gift packages: the reward unit mail, codes, the shop and billing points hand out. */
export function GiftsPage() {
  const { t } = useTranslation('gifts');
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const canEdit = usePermission([giftResource.permissions.edit]);
  // The drawer, and the name of the gift a drafted copy comes from.
  const [opening, setOpening] = useState<Opening<GiftPackage> & { from?: string }>({ editing: null });
  const [usedBy, setUsedBy] = useState<{ id: number; name: string } | null>(null);
  const propNames = useNames<Prop>(propsResource.name, usePropLabel(), productId !== null);
  const columns = useGiftColumns(propNames);

  // A copy is only a draft in the create form: nothing exists until it is saved.
  const clone = async (gift: GiftPackage) => {
    const { contents, icon_url, valid_from, valid_to, per_player_limit, usable_in, status } = gift;
    const values = { contents, icon_url, valid_from, valid_to, per_player_limit, usable_in, status };
    setOpening({
      editing: 'new',
      values: { ...values, name: await copyName(gift.name) },
      from: textIn(gift.name, lang),
    });
  };

  return (
    <>
      <ResourceListPage<GiftPackage>
        resource={giftResource}
        title={t('menu:page.giftList')}
        columns={columns}
        search={[
          enumSearch(t, 'usable_in', t('usableIn'), GIFT_USES, 'uses'),
          {
            name: 'prop_id',
            label: t('prop'),
            kind: 'select',
            width: 200,
            options: [...propNames].map(([id, label]) => ({ value: String(id), label })),
          },
          statusSearch(t),
        ]}
        newItem={NEW_GIFT}
        nameOf={(gift) => textIn(gift.name, lang)}
        formTitle={{
          create: opening.from ? t('copyTitle', { name: opening.from }) : t('createTitle'),
          edit: t('editTitle'),
        }}
        form={() => <GiftForm />}
        opening={[opening, setOpening]}
        rowActions={(gift) => (
          <>
            {canEdit && (
              <Button type="link" size="small" onClick={() => void clone(gift)}>
                {t('crud:action.clone')}
              </Button>
            )}
            <Button
              type="link"
              size="small"
              onClick={() => setUsedBy({ id: gift.id, name: textIn(gift.name, lang) })}
            >
              {t('usedBy')}
            </Button>
          </>
        )}
        actionsWidth={240}
        sortFields={{ validity: 'valid_to' }}
        drawerWidth={720}
      />
      <UsedByModal gift={usedBy} onClose={() => setUsedBy(null)} />
    </>
  );
}
