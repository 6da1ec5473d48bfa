import { loadNamespace } from '@/shared/i18n.ts';
import { UserGroupsPage } from './UserGroupsPage.tsx';

// User groups (`commercialization/see/user_group`): rule or uploaded-list groups, materialised by a job.
await loadNamespace('user-groups');
export default UserGroupsPage;
