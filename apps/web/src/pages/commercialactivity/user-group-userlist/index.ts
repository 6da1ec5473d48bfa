import { loadNamespace } from '@/shared/i18n.ts';
import { MembersPage } from './MembersPage.tsx';

// A user group's members: paged, filtered by layer, exported.
await loadNamespace('user-groups');
export default MembersPage;
