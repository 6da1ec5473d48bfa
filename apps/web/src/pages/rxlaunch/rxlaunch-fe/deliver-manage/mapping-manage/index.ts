import { loadNamespace } from '@/shared/i18n.ts';
import { MappingsPage } from './MappingsPage.tsx';

// Channel mapping (`launch/see/mapping`): sub-channel ↔ advertiser account and campaign.
await loadNamespace('adMappings');
export default MappingsPage;
