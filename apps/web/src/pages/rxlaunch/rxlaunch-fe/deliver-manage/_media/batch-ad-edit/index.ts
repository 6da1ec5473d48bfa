import { loadNamespace } from '@/shared/i18n.ts';
import { BatchEditorPage } from '../_batch/BatchEditorPage.tsx';

// The batch editor of Toutiao and Kuaishou (`batch-ad-edit`): drafts checked, then a batch task.
await loadNamespace('ads');
export default BatchEditorPage;
