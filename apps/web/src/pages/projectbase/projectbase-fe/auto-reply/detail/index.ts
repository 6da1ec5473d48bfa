import { loadNamespace } from '../../../../../shared/i18n.ts';
import { AutoReplyScopePage } from './AutoReplyScopePage.tsx';

// Auto-reply detail (hidden, `service/see/auto_reply`): one channel and platform's replies.
await loadNamespace('autoReply');
export default AutoReplyScopePage;
