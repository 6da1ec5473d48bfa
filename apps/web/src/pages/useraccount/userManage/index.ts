import { loadNamespace } from '@/shared/i18n.ts';
import { PlayersPage } from './PlayersPage.tsx';

// Finding a game's players (`user/see/user`): by openid, role, nickname, device or address.
await loadNamespace('players');
export default PlayersPage;
