import { loadNamespace } from '@/shared/i18n.ts';
import { QualityStatsPage } from './QualityStatsPage.tsx';

// Quality statistics (`service/see/quality_stats`): rubrics, sampled conversations, scores, averages.
await Promise.all([loadNamespace('csStats'), loadNamespace('csQuality')]);
export default QualityStatsPage;
