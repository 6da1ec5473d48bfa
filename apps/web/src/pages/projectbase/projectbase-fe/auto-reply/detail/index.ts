import { loadNamespace } from '@/shared/i18n.ts';
import { AutoReplyScopePage } from './AutoReplyScopePage.tsx';

// Auto-reply detail (hidden; the auto-reply page's permissions): one channel and platform's replies.
await loadNamespace('autoReply');
export default AutoReplyScopePage;
