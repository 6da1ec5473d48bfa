import { loadNamespace } from '@/shared/i18n.ts';
import { AutoReplyStatsPage } from './AutoReplyStatsPage.tsx';

// Auto-reply statistics (`service/see/auto_reply_stats`): rule hits, resolved without a person, handoff rate.
await loadNamespace('csStats');
export default AutoReplyStatsPage;
