import { loadNamespace } from '@/shared/i18n.ts';
import { AdAccountsPage } from './AdAccountsPage.tsx';

// Every medium's advertiser accounts (`launch/see/<medium>_account`): one page for the seven media,
// the medium read from the catalogue path (usePatternPage).
await loadNamespace('ads');
export default AdAccountsPage;
