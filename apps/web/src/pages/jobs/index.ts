import { loadNamespace } from '@/shared/i18n.ts';
import { JobsPage } from './JobsPage.tsx';

// Background jobs (`/jobs`, every signed-in user): their own jobs; a CP admin, all of the CP's.
// `oplog`: the tables' names, for the imports' kind (`import:props` → "Import: Props").
await Promise.all([loadNamespace('jobs'), loadNamespace('oplog')]);
export default JobsPage;
