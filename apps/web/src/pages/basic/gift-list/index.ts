import { loadNamespace } from '@/shared/i18n.ts';
import { GiftsPage } from './GiftsPage.tsx';

// Gift packages (giftResource in @rx/contracts/gift-packages): the reward unit mail, codes, the shop and billing points hand out.
await loadNamespace('gifts');
export default GiftsPage;
