import { loadNamespace } from '@/shared/i18n.ts';
import { UserGroupsPage } from './UserGroupsPage.tsx';

// User groups (`commercialization/see/user_group`): rule or uploaded-list groups, materialised by a job.
await Promise.all([loadNamespace('user-groups'), loadNamespace('jobs')]);
export default UserGroupsPage;
