import { loadNamespace } from '@/shared/i18n.ts';
import { ClassificationStatsPage } from './ClassificationStatsPage.tsx';

// Session classification statistics (`service/see/session_class_stats`): conversations by feedback type.
await loadNamespace('csStats');
export default ClassificationStatsPage;
