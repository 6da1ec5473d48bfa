import { loadNamespace } from '@/shared/i18n.ts';
import { MediumBatchTasksPage } from '../_batch/BatchTasksPage.tsx';

// A medium's batch tasks (Toutiao's `jrtt/batch-task`): its batches' jobs, per-ad results, retry.
await loadNamespace('ads');
export default MediumBatchTasksPage;
