import { loadNamespace } from '@/shared/i18n.ts';
import { PopupStatsPage } from './PopupStatsPage.tsx';

// One pop-up's exposures, clicks and CTR per day (`commercialization/see/window`).
await loadNamespace('popups');
export default PopupStatsPage;
