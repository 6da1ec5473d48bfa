import { loadNamespace } from '@/shared/i18n.ts';
import { WebsiteConfigPage } from './WebsiteConfigPage.tsx';

// Web recharge site configuration and its protocols (@rx/contracts/web-site).
await loadNamespace('webSite');
export default WebsiteConfigPage;
