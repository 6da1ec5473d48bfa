import { loadNamespace } from '@/shared/i18n.ts';
import { PlayerTiersPage } from './PlayerTiersPage.tsx';

// User level query (`commercialization/see/user_hierarchy`): tier distribution, trend, history, thresholds.
await loadNamespace('player-tiers');
export default PlayerTiersPage;
