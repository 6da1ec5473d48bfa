import { loadNamespace } from '@/shared/i18n.ts';
import { PlayerProfilePage } from './PlayerProfilePage.tsx';

// One player's profile, opened from the player list.
// `billing`: the stores' names of the player's orders, never their codes.
await Promise.all([loadNamespace('players'), loadNamespace('billing')]);
export default PlayerProfilePage;
