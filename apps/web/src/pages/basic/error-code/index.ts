import { loadNamespace } from '../../../shared/i18n.ts';
import { ErrorCodesPage } from './ErrorCodesPage.tsx';

// Error-code texts (`basic/see/error_code`): what players read when the game reports an error.
await loadNamespace('errorCodes');
export default ErrorCodesPage;
