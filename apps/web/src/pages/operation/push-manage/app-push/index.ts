import { loadNamespace } from '@/shared/i18n.ts';
import { PushTasksPage } from '@/shared/push/index.ts';

// App push (`app_push/see/app_push`): push tasks composed, sent in batches, their delivery stats.
await Promise.all([loadNamespace('push'), loadNamespace('approvals')]);
export default PushTasksPage;
