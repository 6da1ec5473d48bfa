import { loadNamespace } from '@/shared/i18n.ts';
import { BlacklistPage } from './BlacklistPage.tsx';

// Service blacklist (`service/see/blacklist`): players refused customer service until an expiry.
await loadNamespace('csBlacklist');
export default BlacklistPage;
