import { errorCodesResource } from '@rx/contracts/error-codes';
import { loadNamespace } from '@/shared/i18n.ts';
import { ErrorCodesPage } from './ErrorCodesPage.tsx';

// Error-code texts (errorCodesResource): what players read when the game reports an error.
await loadNamespace(errorCodesResource.namespace);
export default ErrorCodesPage;
