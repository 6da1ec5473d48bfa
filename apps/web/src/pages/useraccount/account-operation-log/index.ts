import { loadNamespace } from '@/shared/i18n.ts';
import { OperationLogPage } from './OperationLogPage.tsx';

// The operation log (`user/see/operation_log`): every write of every module, read-only.
await loadNamespace('oplog');
export default OperationLogPage;
