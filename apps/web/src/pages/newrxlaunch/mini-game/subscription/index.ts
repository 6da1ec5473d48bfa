import { loadNamespace } from '@/shared/i18n.ts';
import { SubscriptionPage } from './SubscriptionPage.tsx';

// Mini-game subscription (`mini_game/see/subscription`, domestic): sends that take the players'
// one-time grants, the templates synced from WeChat with their field mapping, the grant ledger.
await Promise.all([loadNamespace('push'), loadNamespace('approvals')]);
export default SubscriptionPage;
