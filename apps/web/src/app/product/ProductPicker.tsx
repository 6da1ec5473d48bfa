import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { selectProduct, useProduct } from './store.ts';

/** The header's game picker: product-scoped pages follow the game chosen here. */
export function ProductPicker() {
  const { t } = useTranslation('crud');
  const { products, productId, loaded } = useProduct();
  return (
    <Select
      aria-label={t('product.label')}
      data-testid="product-picker"
      value={productId ?? undefined}
      placeholder={loaded && !products.length ? t('product.none') : t('product.label')}
      className="rx-header__product"
      popupMatchSelectWidth={false}
      options={products.map((p) => ({ value: p.id, label: p.name }))}
      onChange={(id: number) => selectProduct(id)}
    />
  );
}
