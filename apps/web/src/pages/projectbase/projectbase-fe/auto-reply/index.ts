import { loadNamespace } from '../../../../shared/i18n.ts';
import { AutoReplyPage } from './AutoReplyPage.tsx';

// Auto-reply (`service/see/auto_reply`): what the player service answers on its own.
await loadNamespace('autoReply');
export default AutoReplyPage;
