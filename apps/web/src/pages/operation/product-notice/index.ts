import { loadNamespace } from '@/shared/i18n.ts';
import { AnnouncementsPage } from './AnnouncementsPage.tsx';

// Announcements (`operation/see/notice`): login pop-ups, the notice board, marquees and maintenance notices.
await Promise.all([loadNamespace('announcements'), loadNamespace('approvals')]);
export default AnnouncementsPage;
