import { loadNamespace } from '@/shared/i18n.ts';
import { AdBatchesPage } from './AdBatchesPage.tsx';

// Every medium's batch ad creation (`launch/see/<medium>_batch_ad`): one page for the media that
// have one, the medium read from the catalogue path (usePatternPage).
await loadNamespace('ads');
export default AdBatchesPage;
