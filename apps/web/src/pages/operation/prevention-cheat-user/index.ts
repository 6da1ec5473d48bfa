import { loadNamespace } from '@/shared/i18n.ts';
import { CheatFlagsPage } from './CheatFlagsPage.tsx';

// Anti-cheat users (`operation/see/anti_cheat_user`): flagged players, their review, the whitelist.
await loadNamespace('cheatFlags');
export default CheatFlagsPage;
