import { useEffect } from 'react';
import { selectProduct, useProduct } from '@/app/product/index.ts';
import { idSegment } from './route-segments.ts';

/**
 * A detail route names its game (`…/:product_id/…`): a link to another game of the CP switches the
 * header's game, so every request of the page (X-Product-Id) is about the game in the address.
 * Answers whether the page's game is the one chosen now.
 */
export function useRouteProduct(segment: string | undefined): boolean {
  const wanted = idSegment(segment);
  const { productId, products, loaded } = useProduct();
  const known = wanted !== undefined && products.some((p) => p.id === wanted);
  useEffect(() => {
    if (known && wanted !== productId) selectProduct(wanted);
  }, [known, wanted, productId]);
  if (wanted === undefined || (loaded && !known)) return productId !== null;
  return wanted === productId;
}
