import { loadNamespace } from '@/shared/i18n.ts';
import { BatchEditorPage } from '../_batch/BatchEditorPage.tsx';

// Tencent's batch editor (`gdtv3-edit/:id?`): the same editor as the other media's `batch-ad-edit`.
await loadNamespace('ads');
export default BatchEditorPage;
