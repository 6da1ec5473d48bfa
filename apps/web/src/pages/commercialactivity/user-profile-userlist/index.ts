import { loadNamespace } from '@/shared/i18n.ts';
import { TagPlayersPage } from './TagPlayersPage.tsx';

// The players holding one profile tag, with the value (`/commercialactivity/user-profile-userlist/:name`).
await loadNamespace('profile-tags');
export default TagPlayersPage;
