import { loadNamespace } from '@/shared/i18n.ts';
import { OperationLogPage } from './OperationLogPage.tsx';

// The operation log (`user/see/operation_log`): every write of every module, read-only.
// `approvals`: an approval request's change in words (`code_batches.activate` → its name).
await Promise.all([loadNamespace('oplog'), loadNamespace('approvals')]);
export default OperationLogPage;
