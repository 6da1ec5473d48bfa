import { create } from 'zustand';
import { http } from '@/shared/http.ts';
import { storage } from '@/shared/storage.ts';

export interface ProductOption {
  id: number;
  code: string;
  name: string;
  region: 'gn' | 'hw';
}

interface ProductState {
  products: ProductOption[];
  /** The game product-scoped pages and requests work on (sent as X-Product-Id). */
  productId: number | null;
  loaded: boolean;
}

export const useProduct = create<ProductState>(() => ({
  products: [],
  productId: storage.productId.get(),
  loaded: false,
}));

/** The saved choice if it is still one of the CP's games, else the first game. */
export function pickProduct(products: ProductOption[], saved: number | null): number | null {
  if (saved !== null && products.some((p) => p.id === saved)) return saved;
  return products[0]?.id ?? null;
}

/** Loads the CP's games once per sign-in (the guard does, before the first page) and settles the chosen one. */
export async function loadProducts(): Promise<void> {
  const products = await http.get<ProductOption[]>('/acs/cp/products');
  const productId = pickProduct(products, storage.productId.get());
  storage.productId.set(productId);
  useProduct.setState({ products, productId, loaded: true });
}

/** Switches the game: every product-scoped query is fetched again for it. */
export function selectProduct(productId: number): void {
  if (useProduct.getState().productId === productId) return;
  storage.productId.set(productId);
  useProduct.setState({ productId });
  // The query cache loads with the pages, not the shell.
  void import('@/shared/query.ts').then(({ queryClient }) => queryClient.invalidateQueries());
}
