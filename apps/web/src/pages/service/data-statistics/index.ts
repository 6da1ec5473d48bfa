import { loadNamespace } from '@/shared/i18n.ts';
import { DataStatisticsPage } from './DataStatisticsPage.tsx';

// Data statistics (`service/see/data_statistics`): volume, response and resolution times, satisfaction.
await Promise.all([loadNamespace('cs'), loadNamespace('csStats')]);
export default DataStatisticsPage;
