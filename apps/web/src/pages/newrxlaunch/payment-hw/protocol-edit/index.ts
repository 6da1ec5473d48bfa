import { loadNamespace } from '@/shared/i18n.ts';
import { ProtocolEditPage } from './ProtocolEditPage.tsx';

// A web recharge site protocol in one language: draft, publish, history, compare (@rx/contracts/web-site).
await loadNamespace('webSite');
export default ProtocolEditPage;
