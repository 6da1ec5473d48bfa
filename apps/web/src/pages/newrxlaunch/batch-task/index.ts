import { loadNamespace } from '@/shared/i18n.ts';
import { BatchTasksPage } from '../../rxlaunch/rxlaunch-fe/deliver-manage/_media/_batch/BatchTasksPage.tsx';

// Batch tasks across media (`launch/see/batch_task`): every medium's batches, retry of failed ads.
await loadNamespace('ads');
export default BatchTasksPage;
