import { loadNamespace } from '@/shared/i18n.ts';
import { ProductsPage } from './ProductsPage.tsx';

// Products: the CP's games, the choice of the header's game picker.
await loadNamespace('channels');
export default ProductsPage;
