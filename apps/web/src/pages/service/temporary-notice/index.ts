import { loadNamespace } from '@/shared/i18n.ts';
import { NoticesPage } from './NoticesPage.tsx';

// Temporary notice (`service/see/temporary_notice`): banners in the player's service panel, along the lifecycle.
await loadNamespace('csPanel');
export default NoticesPage;
