import { loadNamespace } from '@/shared/i18n.ts';
import { ViolatorDetailPage } from './ViolatorDetailPage.tsx';

// One violator (`?openid=`): timeline, linked accounts, sanctions, and the review actions.
await Promise.all([loadNamespace('violations'), loadNamespace('sanctions')]);
export default ViolatorDetailPage;
