import { errorCodesResource } from '@rx/contracts/error-codes';
import { loadNamespace } from '@/shared/i18n.ts';
import { ErrorCodesPage } from './ErrorCodesPage.tsx';

// Error-code texts (errorCodesResource): what players read when the game reports an error.
// `approvals`: publishing may be sent for approval instead (the notice's words).
await Promise.all([loadNamespace(errorCodesResource.namespace), loadNamespace('approvals')]);
export default ErrorCodesPage;
