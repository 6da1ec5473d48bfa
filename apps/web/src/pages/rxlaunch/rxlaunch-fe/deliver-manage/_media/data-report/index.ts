import { loadNamespace } from '@/shared/i18n.ts';
import { AdReportsPage } from './AdReportsPage.tsx';

// Every medium's report (`launch/see/<medium>_data_report`): one page for the media that have one,
// the medium read from the catalogue path (usePatternPage).
await loadNamespace('ads');
export default AdReportsPage;
