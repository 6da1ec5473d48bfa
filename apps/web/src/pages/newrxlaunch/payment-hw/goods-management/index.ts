import { loadNamespace } from '@/shared/i18n.ts';
import { GoodsPage } from './GoodsPage.tsx';

// Web recharge site goods (webGoodsResource in @rx/contracts/web-shop): web-only SKUs of an overseas game.
await loadNamespace('webShop');
export default GoodsPage;
