import { loadNamespace } from '@/shared/i18n.ts';
import { CodeBatchesPage } from './CodeBatchesPage.tsx';

// Exchange codes (codeBatchResource in @rx/contracts/code-batches): batches, their lifecycle, export and lookup.
await Promise.all([loadNamespace('code-batches'), loadNamespace('approvals')]);
export default CodeBatchesPage;
