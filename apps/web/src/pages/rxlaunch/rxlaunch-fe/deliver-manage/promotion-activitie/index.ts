import { loadNamespace } from '@/shared/i18n.ts';
import { PromotionsPage } from './PromotionsPage.tsx';

// Promotion activities (`launch/see/promotion_activity`): campaign plans across media, draft →
// active → ended, rolled up from their advertisers' reported days, with export.
await loadNamespace('adPromotions');
export default PromotionsPage;
