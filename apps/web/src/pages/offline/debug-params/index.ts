import { loadNamespace } from '@/shared/i18n.ts';
import { DebugParamsPage } from './DebugParamsPage.tsx';

// Debug parameters (`offline/see/debug_param`): key-values for one player or device, with an expiry.
await loadNamespace('debugParams');
export default DebugParamsPage;
