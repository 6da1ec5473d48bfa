import { loadNamespace } from '@/shared/i18n.ts';
import { ProfileTagsPage } from './ProfileTagsPage.tsx';

// Player profile tags (`commercialization/see/user_profile`): tag definitions of the chosen game.
// The rule builder's labels are the user groups'.
await Promise.all([loadNamespace('profile-tags'), loadNamespace('jobs'), loadNamespace('user-groups')]);
export default ProfileTagsPage;
