import { loadNamespace } from '@/shared/i18n.ts';
import { BugsPage } from './BugsPage.tsx';

// Bugs (`test/see/bug`): severity, priority, assignee, found and fixed version, thread; resolve, close, reopen.
await Promise.all([loadNamespace('bugs'), loadNamespace('releases'), loadNamespace('files')]);
export default BugsPage;
