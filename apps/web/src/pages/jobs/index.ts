import { loadNamespace } from '@/shared/i18n.ts';
import { JobsPage } from './JobsPage.tsx';

// Background jobs (`/jobs`, every signed-in user): their own jobs; a CP admin, all of the CP's.
await loadNamespace('jobs');
export default JobsPage;
