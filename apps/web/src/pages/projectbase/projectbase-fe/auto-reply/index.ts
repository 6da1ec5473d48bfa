import { loadNamespace } from '@/shared/i18n.ts';
import { AutoReplyPage } from './AutoReplyPage.tsx';

// Auto-reply (`autoRepliesResource`): what the player service answers on its own.
await loadNamespace('autoReply');
export default AutoReplyPage;
