import { loadNamespace } from '@/shared/i18n.ts';
import { ExpendReportPage } from './ExpendReportPage.tsx';

// Media cost upload (`launch/see/expend_report`, overseas): costs in force, upload with preview, batches, rollback.
await loadNamespace('adCosts');
export default ExpendReportPage;
