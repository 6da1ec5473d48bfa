import { createElement } from 'react';
import { loadNamespace } from '@/shared/i18n.ts';
import { PushTasksPage } from '@/shared/push/index.ts';

// Mini-program push (`mini_program_push/see/mini_program_push`, domestic): WeChat subscribe
// messages, the app push page told its kind (`/api/v1/push-tasks?kind=mini_program`).
await Promise.all([loadNamespace('push'), loadNamespace('approvals')]);
export default function MiniProgramPushPage() {
  return createElement(PushTasksPage, { kind: 'mini_program' });
}
