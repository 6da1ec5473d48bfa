import { loadNamespace } from '@/shared/i18n.ts';
import { ProfileTagsPage } from './ProfileTagsPage.tsx';

// Player profile tags (`commercialization/see/user_profile`): tag definitions of the chosen game.
await Promise.all([loadNamespace('profile-tags'), loadNamespace('jobs')]);
export default ProfileTagsPage;
