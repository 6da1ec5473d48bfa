import { loadNamespace } from '@/shared/i18n.ts';
import { CallbacksPage } from './CallbacksPage.tsx';

// Callbacks (`offline/see/callback`): a game's webhook endpoints and their delivery log.
await loadNamespace('callbacks');
export default CallbacksPage;
