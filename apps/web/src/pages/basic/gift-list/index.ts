import { loadNamespace } from '../../../shared/i18n.ts';
import { GiftsPage } from './GiftsPage.tsx';

// Gift packages (`gift_package/see/gift_package`): the reward unit mail, codes, the shop and billing points hand out.
await loadNamespace('gifts');
export default GiftsPage;
