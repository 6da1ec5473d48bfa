// The product (game) context: the header's picker and the store product-scoped pages read.
export { ProductPicker } from './ProductPicker.tsx';
export { useProduct, loadProducts, selectProduct, pickProduct, type ProductOption } from './store.ts';
