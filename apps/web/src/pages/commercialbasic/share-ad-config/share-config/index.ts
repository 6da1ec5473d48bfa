import { loadNamespace } from '@/shared/i18n.ts';
import { ShareAdSlotsPage } from './ShareAdSlotsPage.tsx';

// Share ad scheduling (`share/see/share_ad`): the calendar of placement slots.
await loadNamespace('shareAds');
export default ShareAdSlotsPage;
