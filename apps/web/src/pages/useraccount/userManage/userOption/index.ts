import { loadNamespace } from '@/shared/i18n.ts';
import { PlayerProfilePage } from './PlayerProfilePage.tsx';

// One player's profile, opened from the player list.
await loadNamespace('players');
export default PlayerProfilePage;
