import { loadNamespace } from '@/shared/i18n.ts';
import { SessionRecordsPage } from './SessionRecordsPage.tsx';

// Session records (`service/see/session_record`): every conversation with players, searched and exported.
await Promise.all([loadNamespace('cs'), loadNamespace('csRecords')]);
export default SessionRecordsPage;
